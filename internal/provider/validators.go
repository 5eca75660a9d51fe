package provider

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// baseURLValidator accepts what the API client accepts as its base URL
// (apiclient.CheckBaseURL): an absolute http or https URL with a host, no
// credentials and nothing after the path, the shape the client joins paths
// onto. It refuses at plan time what Configure would refuse at apply.
type baseURLValidator struct{}

var _ validator.String = baseURLValidator{}

func (baseURLValidator) Description(context.Context) string {
	return "value must be an absolute http or https URL without credentials, query or fragment"
}

func (v baseURLValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v baseURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := apiclient.CheckBaseURL(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid API Base URL",
			fmt.Sprintf("%s. Use a value such as https://api.ngrok.com or http://127.0.0.1:8080.", err))
	}
}

// durationValidator accepts a Go duration ("30s", "10m", "1h30m") of at
// least min, or greater than zero when min is zero (see checkDuration). Every
// attribute it checks has a default.
type durationValidator struct{ min time.Duration }

var _ validator.String = durationValidator{}

func (v durationValidator) Description(context.Context) string {
	bound := "greater than zero"
	if v.min > 0 {
		bound = "at least " + shortDuration(v.min)
	}
	return `value must be a duration such as "30s", "10m" or "1h30m", ` + bound
}

func (v durationValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v durationValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := checkDuration(req.ConfigValue.ValueString(), v.min); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Duration", err.Error()+". Omit the value to use the default.")
	}
}

// checkDuration parses s as a Go duration of at least min, or greater than
// zero when min is zero.
func checkDuration(s string, minimum time.Duration) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return 0, fmt.Errorf(`%q is not a duration: write a number and a unit (s, m or h), such as "30s", "10m" or "1h30m"`, s)
	case minimum > 0 && d < minimum:
		return 0, fmt.Errorf("%q is shorter than the minimum of %s", s, shortDuration(minimum))
	case d <= 0:
		return 0, fmt.Errorf("%q is not greater than zero", s)
	}
	return d, nil
}
