package provider

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Validators of reserved domains. They live beside validators.go rather
// than in it so that the shared file stays small while several objects are
// added at once.

// domainNameValidator accepts what the API accepts as a reserved domain: a
// hostname in any case, with an optional trailing dot and an optional
// leading "*." for a wildcard.
type domainNameValidator struct{}

var _ validator.String = domainNameValidator{}

func (domainNameValidator) Description(context.Context) string {
	return "value must be a hostname such as app.example.com, or a wildcard such as *.example.com"
}

func (v domainNameValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (domainNameValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkDomainName(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Domain Name",
			fmt.Sprintf("%s. A reserved domain is a hostname such as app.example.com or myapp.ngrok.app, "+
				"or a wildcard such as *.example.com, without scheme, port or path.", capitalize(err.Error())))
	}
}

// resolvesToValidator accepts what the API accepts as resolves_to: points
// of presence (checked one by one by the element validator), or "global"
// alone, which stands for all of them.
type resolvesToValidator struct{}

var _ validator.Set = resolvesToValidator{}

func (resolvesToValidator) Description(context.Context) string {
	return fmt.Sprintf("value must hold points of presence, or %q alone", apiclient.ResolvesToGlobal)
}

func (v resolvesToValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (resolvesToValidator) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	elems := req.ConfigValue.Elements()
	if len(elems) > 1 && slices.ContainsFunc(elems, func(v attr.Value) bool {
		return v.Equal(types.StringValue(apiclient.ResolvesToGlobal))
	}) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value",
			fmt.Sprintf("%q stands for every point of presence, so it cannot be listed beside others. "+
				"List the points of presence to pin the domain to, or remove resolves_to (or write [%q] alone) to resolve globally.",
				apiclient.ResolvesToGlobal, apiclient.ResolvesToGlobal))
	}
}

// oneCertificateSourceValidator refuses certificate_id together with
// certificate_management_policy, saying which to remove for what: a domain
// serves one certificate, uploaded or managed by ngrok. It stands in for
// the framework's ConflictsWith, whose message names both attributes but
// not why they conflict, nor what to keep. Like ConflictsWith it waits
// for both values to be known.
type oneCertificateSourceValidator struct{}

var _ validator.String = oneCertificateSourceValidator{}

func (oneCertificateSourceValidator) Description(context.Context) string {
	return "conflicts with certificate_management_policy: a domain serves one certificate, uploaded or managed by ngrok"
}

func (v oneCertificateSourceValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (oneCertificateSourceValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var policy types.Object
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("certificate_management_policy"), &policy)...)
	if resp.Diagnostics.HasError() || policy.IsNull() || policy.IsUnknown() {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Two Certificates for One Domain",
		"certificate_id and certificate_management_policy both set the certificate that the domain serves, and it "+
			"serves one: certificate_id names a certificate you uploaded (ngrok_tls_certificate), "+
			"certificate_management_policy has ngrok obtain and renew one. Remove certificate_management_policy "+
			"to serve the uploaded certificate, or remove certificate_id to let ngrok manage the certificate.")
}
