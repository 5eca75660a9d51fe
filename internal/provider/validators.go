package provider

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// baseURLValidator accepts an absolute http or https URL with a host and
// nothing after the path, the shape the API client joins paths onto.
type baseURLValidator struct{}

var _ validator.String = baseURLValidator{}

func (baseURLValidator) Description(context.Context) string {
	return "value must be an absolute http or https URL without query or fragment"
}

func (v baseURLValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v baseURLValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkBaseURL(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid API Base URL",
			fmt.Sprintf("%s. Use a value such as https://api.ngrok.com or http://127.0.0.1:8080.", err))
	}
}

func checkBaseURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("%q is not a URL: %w", s, err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("%q must start with http:// or https://", s)
	case u.Host == "":
		return fmt.Errorf("%q has no host", s)
	case u.RawQuery != "" || u.Fragment != "":
		return fmt.Errorf("%q must not have a query or fragment", s)
	}
	return nil
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
