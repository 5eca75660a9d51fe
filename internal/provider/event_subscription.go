package provider

import (
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// eventSubscriptionType is ngrok_event_subscription: the event types
// (sources) whose events go to event destinations. Sources are managed
// inline, as the set of their types: the API addresses a subscription's
// source by its type (/event_subscriptions/{id}/sources/{type}) and holds
// each type once, so a set of types is the sub-resource whole.
//
// NOTE: any change is one PATCH, which replaces the sources with the
// planned set and the destinations with the planned ones: the fewest calls
// for every change. The sources sub-resource would take one call per type
// added or removed (and a PATCH besides for the other fields), never
// fewer.
var eventSubscriptionType = &objectType[apiclient.EventSubscription, apiclient.EventSubscriptionCreate, apiclient.EventSubscriptionUpdate, eventSubscriptionModel]{
	name: "event_subscription", plural: "event_subscriptions", noun: "event subscription", nouns: "event subscriptions", article: "an",
	idPrefix: eventSubscriptionIDPrefix, api: apiclient.EventSubscriptions,
	description: "An event subscription: the event types (`sources`) whose events ngrok sends to event destinations " +
		"(`ngrok_event_destination`). Sources and destinations change in place, in one request.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the event subscription (`esb_...`)."),
			"uri":         serverSetAttribute("API address of the event subscription."),
			"created_at":  serverSetAttribute("When the event subscription was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"sources": schema.SetAttribute{
				Description: "Event types whose events the subscription sends, such as `ip_policy_created.v0` or " +
					"`http_request_complete.v0`: those of ngrok's event reference (https://ngrok.com/docs/obs/events/reference/).",
				Required:    true,
				ElementType: types.StringType,
				Validators:  []validator.Set{setvalidator.ValueStringsAre(stringvalidator.OneOf(eventTypes...))},
			},
			"destination_ids": schema.SetAttribute{
				Description: fmt.Sprintf("IDs of the event destinations (`%s...`) that receive the events. Defaults to none.", eventDestinationIDPrefix),
				Optional:    true,
				Computed:    true,
				ElementType: types.StringType,
				Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, []attr.Value{})),
				Validators:  []validator.Set{setvalidator.ValueStringsAre(idValidator(eventDestinationIDPrefix, "an event destination"))},
			},
		}
	},
	dataSourceDescriptions: map[string]string{
		"sources":         "Event types whose events the subscription sends.",
		"destination_ids": "IDs of the event destinations that receive the events.",
	},
	fromAPI:  eventSubscriptionModelFromAPI,
	toCreate: eventSubscriptionModel.toCreate,
	toUpdate: eventSubscriptionModel.toUpdate,
	displayName: func(s *apiclient.EventSubscription, _ eventSubscriptionModel) string {
		return describedAs(s.Description, s.ID)
	},
	filterExample: "`obj.description == \"vault changes\"`",
	movesFrom:     []string{"ngrok_event_subscription"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		// NOTE: ngrok/ngrok stores sources as objects {type, fields, uri}
		// (a list; v0.7 as blocks); this provider as their types.
		if list, ok := a["sources"].([]any); ok {
			kinds := make([]any, 0, len(list))
			for _, s := range list {
				if m, ok := s.(map[string]any); ok {
					if t, ok := m["type"].(string); ok && t != "" {
						kinds = append(kinds, t)
					}
				} else if t, ok := s.(string); ok {
					kinds = append(kinds, t)
				}
			}
			a["sources"] = kinds
		}
		if a["destination_ids"] == nil {
			a["destination_ids"] = []any{}
		}
		return nil
	},
}

// eventTypes are the event types of ngrok's event reference
// (obs/events/reference), in its order.
var eventTypes = []string{
	"api_key_created.v0", "api_key_deleted.v0", "api_key_updated.v0",
	"agent_session_start.v0", "agent_session_stop.v0",
	"certificate_authority_created.v0", "certificate_authority_deleted.v0", "certificate_authority_updated.v0",
	"tunnel_credential_created.v0", "tunnel_credential_deleted.v0", "tunnel_credential_updated.v0",
	"event_destination_created.v0", "event_destination_deleted.v0", "event_destination_updated.v0",
	"event_subscription_created.v0", "event_subscription_deleted.v0", "event_subscription_updated.v0",
	"http_request_complete.v0",
	"ip_policy_created.v0", "ip_policy_deleted.v0", "ip_policy_updated.v0",
	"ip_policy_rule_created.v0", "ip_policy_rule_deleted.v0", "ip_policy_rule_updated.v0",
	"ip_restriction_created.v0", "ip_restriction_deleted.v0", "ip_restriction_updated.v0",
	"tcp_address_created.v0", "tcp_address_deleted.v0", "tcp_address_updated.v0",
	"domain_created.v0", "domain_deleted.v0", "domain_updated.v0",
	"ssh_certificate_authority_created.v0", "ssh_certificate_authority_deleted.v0", "ssh_certificate_authority_updated.v0",
	"ssh_public_key_created.v0", "ssh_public_key_deleted.v0", "ssh_public_key_updated.v0",
	"ssh_host_certificate_created.v0", "ssh_host_certificate_deleted.v0", "ssh_host_certificate_updated.v0",
	"ssh_user_certificate_created.v0", "ssh_user_certificate_deleted.v0", "ssh_user_certificate_updated.v0",
	"secret_created.v0", "secret_deleted.v0", "secret_updated.v0",
	"tcp_connection_closed.v0",
	"tls_certificate_created.v0", "tls_certificate_deleted.v0", "tls_certificate_updated.v0",
	"vault_created.v0", "vault_deleted.v0", "vault_updated.v0",
}

type eventSubscriptionModel struct {
	ID             types.String `tfsdk:"id"`
	URI            types.String `tfsdk:"uri"`
	CreatedAt      types.String `tfsdk:"created_at"`
	Description    types.String `tfsdk:"description"`
	Metadata       types.String `tfsdk:"metadata"`
	Sources        types.Set    `tfsdk:"sources"`
	DestinationIDs types.Set    `tfsdk:"destination_ids"`
}

func eventSubscriptionModelFromAPI(s *apiclient.EventSubscription) (eventSubscriptionModel, error) {
	sources := make([]attr.Value, len(s.Sources))
	for i, src := range s.Sources {
		sources[i] = types.StringValue(src.Type)
	}
	dests := make([]attr.Value, len(s.Destinations))
	for i, d := range s.Destinations {
		dests[i] = types.StringValue(d.ID)
	}
	return eventSubscriptionModel{
		ID:             types.StringValue(s.ID),
		URI:            types.StringValue(s.URI),
		CreatedAt:      types.StringValue(s.CreatedAt),
		Description:    types.StringValue(s.Description),
		Metadata:       types.StringValue(s.Metadata),
		Sources:        types.SetValueMust(types.StringType, sources),
		DestinationIDs: types.SetValueMust(types.StringType, dests),
	}, nil
}

// setStrings is a known set's strings, sorted (for a stable request).
func setStrings(s types.Set) []string {
	out := make([]string, 0, len(s.Elements()))
	for _, e := range s.Elements() {
		if v, ok := e.(types.String); ok && !v.IsNull() && !v.IsUnknown() {
			out = append(out, v.ValueString())
		}
	}
	slices.Sort(out)
	return out
}

func (m eventSubscriptionModel) sources() []apiclient.EventSourceReplace {
	kinds := setStrings(m.Sources)
	out := make([]apiclient.EventSourceReplace, len(kinds))
	for i, t := range kinds {
		out[i] = apiclient.EventSourceReplace{Type: t}
	}
	return out
}

func (m eventSubscriptionModel) toCreate() *apiclient.EventSubscriptionCreate {
	return &apiclient.EventSubscriptionCreate{
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
		Sources: m.sources(), DestinationIDs: setStrings(m.DestinationIDs),
	}
}

func (m eventSubscriptionModel) toUpdate() *apiclient.EventSubscriptionUpdate {
	sources, dests := m.sources(), setStrings(m.DestinationIDs)
	return &apiclient.EventSubscriptionUpdate{
		Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
		Sources: &sources, DestinationIDs: &dests,
	}
}
