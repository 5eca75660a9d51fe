package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
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
