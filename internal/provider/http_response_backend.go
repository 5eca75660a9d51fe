package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Status codes an HTTP response backend may answer with: the three-digit
// codes RFC 9110 §15 defines classes for.
const (
	minHTTPResponseStatus = 100
	maxHTTPResponseStatus = 599
)

// httpResponseBackendType is ngrok_http_response_backend: a fixed response.
// ngrok lower-cases header names; the configuration's spelling is kept
// (keep) and a change of case alone is no change (headerMapIgnoreCase).
var httpResponseBackendType = &objectType[apiclient.HTTPResponseBackend, apiclient.HTTPResponseBackendCreate, apiclient.HTTPResponseBackendUpdate, httpResponseBackendModel]{
	name: "http_response_backend", plural: "http_response_backends", noun: "HTTP response backend", nouns: "HTTP response backends",
	article: "an", idPrefix: httpResponseBackendIDPrefix, api: apiclient.HTTPResponseBackends,
	description:        backendDescription("An HTTP response backend of an edge: ngrok answers every request with a fixed status, headers and body."),
	deprecationMessage: backendsDeprecationMessage,
	attributes: func() map[string]schema.Attribute {
		return backendAttributes("HTTP response backend", httpResponseBackendIDPrefix, map[string]schema.Attribute{
			"body": schema.StringAttribute{
				Description: "Body of the response. Defaults to empty. Changed in place.",
				Optional:    true,
				Computed:    true,
				Default:     stringdefault.StaticString(""),
			},
			"headers": schema.MapAttribute{
				Description: "Headers of the response, name to value. ngrok stores names lower-cased; names are compared " +
					"ignoring case, so changing only the case of a name is no change. Defaults to none. Changed in place.",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     mapdefault.StaticValue(types.MapValueMust(types.StringType, nil)),
				Validators: []validator.Map{
					mapvalidator.KeysAre(headerNameValidator{}),
					mapvalidator.ValueStringsAre(stringvalidator.RegexMatches(headerValuePattern, "must not contain a line break or NUL character")),
					uniqueHeaderNamesValidator{},
				},
				PlanModifiers: []planmodifier.Map{headerMapIgnoreCase{}},
			},
			"status_code": schema.Int64Attribute{
				Description: fmt.Sprintf("Status code of the response, %d to %d. When not set, ngrok chooses it "+
					"(ngrok-mock: 200) and it is kept. Changed in place.", minHTTPResponseStatus, maxHTTPResponseStatus),
				Optional:      true,
				Computed:      true,
				Validators:    []validator.Int64{int64validator.Between(minHTTPResponseStatus, maxHTTPResponseStatus)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
		})
	},
	dataSourceDescriptions: map[string]string{
		"body":        "Body of the response.",
		"headers":     "Headers of the response, name (lower-cased) to value.",
		"status_code": "Status code of the response.",
	},
	fromAPI:  httpResponseBackendModelFromAPI,
	toCreate: httpResponseBackendModel.toCreate,
	toUpdate: httpResponseBackendModel.toUpdate,
	// NOTE: the API answers header names lower-cased; the prior spelling
	// stays while it names the same headers, so that a configuration's
	// Content-Type is not an inconsistent result nor a change.
	keep: func(prior httpResponseBackendModel, m *httpResponseBackendModel) {
		if prior.Headers.IsNull() || prior.Headers.IsUnknown() {
			return
		}
		if headerMapsEqualFold(moduleMapStrings(m.Headers), prior.Headers) {
			m.Headers = prior.Headers
		}
	},
	displayName: func(b *apiclient.HTTPResponseBackend, _ httpResponseBackendModel) string {
		return describedAs(b.Description, fmt.Sprintf("%d", b.StatusCode))
	},
	movesFrom: []string{"ngrok_http_response_backend"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata", "body")
		a.defaultIfNull("headers", map[string]any{})
		return nil
	},
}

type httpResponseBackendModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	Body        types.String `tfsdk:"body"`
	Headers     types.Map    `tfsdk:"headers"`
	StatusCode  types.Int64  `tfsdk:"status_code"`
}

func httpResponseBackendModelFromAPI(b *apiclient.HTTPResponseBackend) (httpResponseBackendModel, error) {
	return httpResponseBackendModel{
		ID:          types.StringValue(b.ID),
		URI:         types.StringValue(b.URI),
		CreatedAt:   types.StringValue(b.CreatedAt),
		Description: types.StringValue(b.Description),
		Metadata:    types.StringValue(b.Metadata),
		Body:        types.StringValue(b.Body),
		Headers:     stringMapOf(b.Headers),
		StatusCode:  types.Int64Value(b.StatusCode),
	}, nil
}

func (m httpResponseBackendModel) toCreate() *apiclient.HTTPResponseBackendCreate {
	return &apiclient.HTTPResponseBackendCreate{
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
		Body: m.Body.ValueString(), Headers: moduleMapStrings(m.Headers), StatusCode: knownInt64(m.StatusCode),
	}
}

func (m httpResponseBackendModel) toUpdate() *apiclient.HTTPResponseBackendUpdate {
	u := &apiclient.HTTPResponseBackendUpdate{
		Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
		Body: m.Body.ValueStringPointer(), StatusCode: knownInt64(m.StatusCode),
	}
	if headers := moduleMapStrings(m.Headers); headers != nil {
		u.Headers = &headers
	}
	return u
}
