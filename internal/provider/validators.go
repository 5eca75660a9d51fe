package provider

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

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
		resp.Diagnostics.AddAttributeError(req.Path, invalidBaseURLSummary, baseURLAdvice(err, false))
	}
}

const invalidBaseURLSummary = "Invalid API Base URL"

// baseURLAdvice explains a base URL that apiclient.CheckBaseURL refused,
// from the provider block or (fromEnv) from NGROK_API_BASE_URL. err quotes
// the URL through apiclient.RedactURL, without credentials or query.
func baseURLAdvice(err error, fromEnv bool) string {
	from := "api_base_url"
	if fromEnv {
		from = "The " + envAPIBaseURL + " environment variable (api_base_url is not set)"
	}
	return fmt.Sprintf("%s: %s. Use a value such as https://api.ngrok.com or http://127.0.0.1:8080.", from, err)
}

// apiKeyValidator refuses at plan time a key that the API client cannot
// send (apiclient.CheckAPIKey): blank, or with whitespace, a line break, a
// control character or a character outside ASCII, most often a newline that
// came with the key from a file.
type apiKeyValidator struct{}

var _ validator.String = apiKeyValidator{}

func (apiKeyValidator) Description(context.Context) string {
	return "value must be an ngrok API key: one word of printable ASCII, without spaces or line breaks"
}

func (v apiKeyValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (apiKeyValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := apiclient.CheckAPIKey(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, invalidAPIKeySummary, apiKeyAdvice(err, false))
	}
}

const invalidAPIKeySummary = "Invalid ngrok API Key"

// apiKeyAdvice explains a key that apiclient.CheckAPIKey refused, from the
// provider block or (fromEnv) from NGROK_API_KEY, and what to do about it.
// It never quotes the key: CheckAPIKey's error names only the kind of
// character and where it is.
func apiKeyAdvice(err error, fromEnv bool) string {
	from, fix := "api_key", "Copy the key again from https://dashboard.ngrok.com/api; "+
		"when it comes from a file, trim it: api_key = trimspace(file(\"...\"))."
	if fromEnv {
		from = "The " + envAPIKey + " environment variable (api_key is not set)"
		fix = "Set the variable again to the key alone, for example " +
			"export " + envAPIKey + "=\"$(tr -d '[:space:]' < key-file)\", or copy the key again from https://dashboard.ngrok.com/api."
	}
	var kerr *apiclient.APIKeyError
	switch {
	case errors.Is(err, apiclient.ErrMissingAPIKey):
		return from + " is blank. " + fix
	case errors.As(err, &kerr):
		return fmt.Sprintf("%s has %s %s, which no ngrok API key has and an HTTP header cannot carry. %s", from, kerr.What, kerr.Where, fix)
	default:
		return fmt.Sprintf("%s: %s. %s", from, err, fix)
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

// writeOnlyAlternative warns, once per resource block, that name stores a
// secret in the state where name_wo with name_wo_version would not: the
// "Available Write-only Attribute Alternative" that the google provider
// gives. It refuses nothing; an unknown value warns too, since it will be
// stored all the same.
type writeOnlyAlternative struct{ name string }

var _ resource.ConfigValidator = writeOnlyAlternative{}

func (v writeOnlyAlternative) Description(context.Context) string {
	return fmt.Sprintf("warns that %s is stored in the state, and names %s_wo", v.name, v.name)
}

func (v writeOnlyAlternative) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v writeOnlyAlternative) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var value types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(v.name), &value)...)
	if resp.Diagnostics.HasError() || value.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeWarning(path.Root(v.name), "Available Write-only Attribute Alternative",
		fmt.Sprintf("%s is kept in the Terraform state, in clear text to anyone who can read the state (Sensitive only "+
			"hides it from the CLI's output). Write %s_wo instead, with %s_wo_version (a number you raise to send a new "+
			"value): Terraform 1.11 and later and OpenTofu 1.11 and later send it to the provider without storing it in "+
			"the plan or the state.", v.name, v.name, v.name))
}
