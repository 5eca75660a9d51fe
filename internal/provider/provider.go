// Package provider implements the ngrok Terraform provider on terraform-plugin-framework.
package provider

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

const (
	envAPIKey            = "NGROK_API_KEY"
	envAPIBaseURL        = "NGROK_API_BASE_URL"
	envRequestsPerMinute = "NGROK_REQUESTS_PER_MINUTE"
	envRetryTimeout      = "NGROK_RETRY_TIMEOUT"
	envRefreshFromLists  = "NGROK_REFRESH_FROM_LISTS"

	// maxRetriesLimit keeps a typo such as 1000 from turning one failing
	// request into hours of backoff.
	maxRetriesLimit = 20

	// minRetryTimeout: a shorter budget could not fit the first wait.
	minRetryTimeout = time.Second
)

var (
	_ provider.Provider                       = (*ngrokProvider)(nil)
	_ provider.ProviderWithEphemeralResources = (*ngrokProvider)(nil)
	_ provider.ProviderWithFunctions          = (*ngrokProvider)(nil)
	_ provider.ProviderWithListResources      = (*ngrokProvider)(nil)
	_ provider.ProviderWithActions            = (*ngrokProvider)(nil)
)

// New returns a constructor of the provider at the given version, as
// providerserver.Serve and the acceptance tests expect.
func New(version string) func() provider.Provider {
	return func() provider.Provider {
		return &ngrokProvider{version: version}
	}
}

type ngrokProvider struct {
	version string
}

type providerModel struct {
	APIKey            types.String `tfsdk:"api_key"`
	APIBaseURL        types.String `tfsdk:"api_base_url"`
	MaxRetries        types.Int64  `tfsdk:"max_retries"`
	RetryTimeout      types.String `tfsdk:"retry_timeout"`
	RequestsPerMinute types.Int64  `tfsdk:"requests_per_minute"`
	CAFile            types.String `tfsdk:"ca_file"`
	Insecure          types.Bool   `tfsdk:"insecure_skip_verify"`
	// RefreshFromLists answers reads from lists (apiclient.WithRefreshFromLists).
	RefreshFromLists types.Bool `tfsdk:"refresh_from_lists"`
}

func (p *ngrokProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "ngrok"
	resp.Version = p.version
}

func (p *ngrokProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Manages ngrok reserved domains, cloud endpoints, SSH certificate authorities and certificates, " +
			"and HTTPS edge route modules through the ngrok management API.",
		Attributes: map[string]schema.Attribute{
			"api_key": schema.StringAttribute{
				Description: "API key for the ngrok management API (not an agent authtoken). " +
					"May also be set with the `" + envAPIKey + "` environment variable. " +
					"A key read from a file keeps the file's newline, which is refused: trim it with `trimspace(file(\"...\"))`.",
				Optional:   true,
				Sensitive:  true,
				Validators: []validator.String{apiKeyValidator{}},
			},
			"api_base_url": schema.StringAttribute{
				Description: "Base URL of the management API. Defaults to `" + apiclient.DefaultBaseURL + "`; " +
					"point it at `ngrok-mock` to test without an account. " +
					"May also be set with the `" + envAPIBaseURL + "` environment variable.",
				Optional:   true,
				Validators: []validator.String{baseURLValidator{}},
			},
			"max_retries": schema.Int64Attribute{
				Description: "How many times a request is retried after a rate limit (429), a gateway error " +
					"(502, 503, 504) or a connection failure. When unset, retries are bounded by `retry_timeout` only; " +
					"when set, by whichever of the two ends first. `0` disables retries. " +
					"(Before `retry_timeout` existed the default was 5; configurations that set it keep working.)",
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(0, maxRetriesLimit)},
			},
			"retry_timeout": schema.StringAttribute{
				Description: fmt.Sprintf("How long one request may keep retrying, from its first attempt, as a duration "+
					"such as `\"90s\"` or `\"10m\"`; at least `%s`. Defaults to `\"%s\"`: long enough to ride out a rate-limit "+
					"window taken by other clients and an API outage of half a minute in the same request. "+
					"Waits between retries grow from 0.5 s to 30 s with jitter and are never shorter than 0.5 s; "+
					"a `Retry-After` from the API is honoured up to 30 s. "+
					"A retry whose wait would end past this budget is not made. "+
					"May also be set with the `%s` environment variable.",
					shortDuration(minRetryTimeout), shortDuration(apiclient.DefaultRetryPolicy().MaxElapsed), envRetryTimeout),
				Optional:   true,
				Validators: []validator.String{durationValidator{min: minRetryTimeout}},
			},
			"requests_per_minute": schema.Int64Attribute{
				Description: fmt.Sprintf("How many API requests the provider sends in any rolling minute, across all "+
					"its resources and data sources. Defaults to `%d`, the limit of the ngrok API per account: the "+
					"provider then paces requests (one at once, then one every ~0.5 s) so that the API never has to refuse "+
					"one. Lower it when other clients share the account's limit. `0` sends without pacing, for "+
					"`ngrok-mock` and tests. Paced or not, when the API answers 429 every request of the provider "+
					"pauses (for `Retry-After` when sent, else for a pause that doubles from 0.5 s, or 1 s when not paced, up "+
					"to a minute while 429s follow), and the pace drops by a quarter, recovering over 30 s. "+
					"May also be set with the `%s` environment variable.",
					apiclient.DefaultRequestsPerMinute, envRequestsPerMinute),
				Optional:   true,
				Validators: []validator.Int64{int64validator.AtLeast(0)},
			},
			"ca_file": schema.StringAttribute{
				Description: "Path to a PEM file of certificate authorities to trust for the API's TLS certificate, " +
					"in addition to the system's, for example the certificate that `ngrok-mock -tls -tls-cert-file` writes.",
				Optional: true,
			},
			"refresh_from_lists": schema.BoolAttribute{
				Description: "When many reserved domains, endpoints, SSH certificate authorities, SSH certificates, IP policies, " +
					"IP policy rules, TLS certificates, vaults, secrets, event destinations or event subscriptions are read in one run (a plan or refresh), read each type's list, 100 objects a request, instead of one request per object: " +
					"a plan of 1,000 objects then costs about a dozen requests instead of 1,000. The first object of each type is " +
					"still read on its own, an object missing from the list is read on its own before it is reported gone, and " +
					"objects the provider changes are always read on their own. Defaults to `true`; set `false` to read every " +
					"object on its own. May also be set with the `" + envRefreshFromLists + "` environment variable.",
				Optional: true,
			},
			"insecure_skip_verify": schema.BoolAttribute{
				Description: "Skip verification of the API's TLS certificate. Only for local testing against `ngrok-mock -tls`; " +
					"prefer `ca_file`. Never use it against the real API.",
				Optional: true,
			},
		},
	}
}

func (p *ngrokProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	if cfg.APIKey.IsUnknown() || cfg.APIBaseURL.IsUnknown() || cfg.MaxRetries.IsUnknown() ||
		cfg.RetryTimeout.IsUnknown() || cfg.RequestsPerMinute.IsUnknown() ||
		cfg.CAFile.IsUnknown() || cfg.Insecure.IsUnknown() || cfg.RefreshFromLists.IsUnknown() {
		// NOTE: values that come from resources not yet created are unknown
		// during plan; Configure runs again with them known at apply. Until
		// then there is no client, and every API call fails with
		// apiclient.ErrNoClient.
		resp.Diagnostics.AddWarning("Provider Configuration Not Yet Known",
			"The ngrok provider's settings depend on values known only after apply, "+
				"so the provider could not be configured during this plan. New resources can still be planned, "+
				"but data sources, ephemeral resources and refreshes that need the API cannot run: "+
				"apply the resources the settings come from first (terraform apply -target=...).")
		return
	}

	apiKey := stringOrEnv(cfg.APIKey, envAPIKey)
	if apiKey == "" {
		resp.Diagnostics.AddAttributeError(path.Root("api_key"), "Missing ngrok API Key",
			"The provider needs an ngrok API key. Set api_key in the provider block, or set the "+
				envAPIKey+" environment variable. Create a key at https://dashboard.ngrok.com/api "+
				"(an agent authtoken will not work).")
		return
	}
	// NOTE: the block's api_key was checked by its validator already; a key
	// from the environment is checked here, during plan too, and reported on
	// api_key as well, with advice about the variable.
	if err := apiclient.CheckAPIKey(apiKey); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("api_key"), invalidAPIKeySummary, apiKeyAdvice(err, cfg.APIKey.IsNull()))
		return
	}

	baseURL := stringOrEnv(cfg.APIBaseURL, envAPIBaseURL)
	if baseURL == "" {
		baseURL = apiclient.DefaultBaseURL
	}
	if err := apiclient.CheckBaseURL(baseURL); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("api_base_url"), invalidBaseURLSummary, baseURLAdvice(err, cfg.APIBaseURL.IsNull()))
		return
	}

	refreshFromLists, err := boolOrEnv(cfg.RefreshFromLists, envRefreshFromLists, true)
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("refresh_from_lists"), "Invalid "+envRefreshFromLists, err.Error())
		return
	}

	retry := apiclient.DefaultRetryPolicy()
	if !cfg.MaxRetries.IsNull() {
		retry.MaxRetries = int(cfg.MaxRetries.ValueInt64())
	}
	if v := stringOrEnv(cfg.RetryTimeout, envRetryTimeout); v != "" {
		d, err := checkDuration(strings.TrimSpace(v), minRetryTimeout)
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("retry_timeout"), "Invalid Retry Timeout",
				fmt.Sprintf("%s (from retry_timeout or %s).", err, envRetryTimeout))
			return
		}
		retry.MaxElapsed = d
	}
	perMinute := apiclient.DefaultRequestsPerMinute
	if !cfg.RequestsPerMinute.IsNull() {
		perMinute = int(cfg.RequestsPerMinute.ValueInt64())
	} else if v := os.Getenv(envRequestsPerMinute); v != "" {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 {
			resp.Diagnostics.AddAttributeError(path.Root("requests_per_minute"), "Invalid Requests per Minute",
				fmt.Sprintf("%s is %q: it must be a whole number, 0 or more.", envRequestsPerMinute, v))
			return
		}
		perMinute = n
	}

	opts := []apiclient.Option{
		apiclient.WithBaseURL(baseURL),
		apiclient.WithAPIKey(apiKey),
		apiclient.WithUserAgent(userAgent(p.version, req.TerraformVersion)),
		apiclient.WithRetryPolicy(retry),
		apiclient.WithRequestsPerMinute(perMinute),
		apiclient.WithRequestLogger(logAPIRequest),
		apiclient.WithRefreshFromLists(refreshFromLists),
		apiclient.WithLimiterLogger(logLimiterEvent),
	}
	if !cfg.CAFile.IsNull() || cfg.Insecure.ValueBool() {
		hc, err := tlsHTTPClient(cfg.CAFile.ValueString(), cfg.Insecure.ValueBool())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("ca_file"), "Unable to Read ca_file", err.Error())
			return
		}
		if cfg.Insecure.ValueBool() {
			tflog.Warn(ctx, "TLS certificate verification of the ngrok API is disabled (insecure_skip_verify)")
		}
		opts = append(opts, apiclient.WithHTTPClient(hc))
	}
	client, err := apiclient.New(opts...)
	if err != nil {
		// NOTE: unreachable while New checks only what CheckAPIKey and
		// CheckBaseURL checked above; neither quotes a secret.
		resp.Diagnostics.AddError("Unable to Configure the ngrok Client", err.Error()+".")
		return
	}
	tflog.Debug(ctx, "configured ngrok API client", map[string]any{
		"api_base_url":        client.BaseURL(),
		"max_retries":         retry.MaxRetries,
		"retry_timeout":       retry.MaxElapsed.String(),
		"requests_per_minute": perMinute,
		"refresh_from_lists":  refreshFromLists,
	})

	resp.DataSourceData = client
	resp.ResourceData = client
	resp.EphemeralResourceData = client
	resp.ListResourceData = client
	resp.ActionData = client
}

// objectTypes are the objects declared once (object.go); each gives a
// resource, two data sources and a list resource.
var objectTypes = []objectTypeRegistration{sshCertificateAuthorityType, ipPolicyType, ipPolicyRuleType, tlsCertificateType,
	credentialType, apiKeyType, sshCredentialType,
	vaultType, secretType, eventDestinationType, eventSubscriptionType,
	serviceUserType, botUserType, agentIngressType, reservedAddrType, ipRestrictionType, certificateAuthorityType,
	httpsEdgeType, tcpEdgeType, tlsEdgeType,
	tunnelGroupBackendType, httpResponseBackendType, failoverBackendType, weightedBackendType, staticBackendType}

// readOnlyTypes are the objects the API cannot create (read_only_object.go);
// each gives two data sources.
var readOnlyTypes = []readOnlyRegistration{tunnelSessionType, tunnelType, applicationUserType, applicationSessionType}

func (p *ngrokProvider) Resources(_ context.Context) []func() resource.Resource {
	return append([]func() resource.Resource{
		NewReservedDomainResource,
		NewSSHHostCertificateResource,
		NewSSHUserCertificateResource,
		NewCloudEndpointResource,
		NewHTTPSEdgeRouteOIDCResource,
		NewHTTPSEdgeRouteBackendResource,
		NewHTTPSEdgeRouteIPRestrictionResource,
		NewHTTPSEdgeRouteRequestHeadersResource,
		NewHTTPSEdgeRouteResource,
	}, objectConstructors(objectTypeRegistration.newResource)...)
}

func (p *ngrokProvider) DataSources(_ context.Context) []func() datasource.DataSource {
	ds := append([]func() datasource.DataSource{
		NewReservedDomainDataSource,
		NewReservedDomainsDataSource,
		NewEndpointDataSource,
		NewHTTPSEdgeDataSource,
		NewHTTPSEdgesDataSource,
		NewHTTPSEdgeTrafficPolicyDataSource,
		NewTCPEdgeTrafficPolicyDataSource,
		NewTLSEdgeTrafficPolicyDataSource,
		NewEndpointsDataSource,
		NewHTTPSEdgeRouteOIDCDataSource,
		NewHTTPSEdgeRouteBackendDataSource,
		NewHTTPSEdgeRouteIPRestrictionDataSource,
		NewHTTPSEdgeRouteRequestHeadersDataSource,
		NewSSHHostCertificateDataSource,
		NewSSHHostCertificatesDataSource,
		NewSSHUserCertificateDataSource,
		NewSSHUserCertificatesDataSource,
		NewVaultSecretsDataSource,
	}, objectDataSourceConstructors(objectTypeRegistration.newDataSource)...)
	ds = append(ds, objectDataSourceConstructors(objectTypeRegistration.newPluralDataSource)...)
	ds = append(ds, readOnlyConstructors(readOnlyRegistration.newDataSource)...)
	return append(ds, readOnlyConstructors(readOnlyRegistration.newPluralDataSource)...)
}

func (p *ngrokProvider) EphemeralResources(_ context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{
		NewSSHUserCertificateEphemeralResource,
		NewCredentialEphemeralResource,
		NewAPIKeyEphemeralResource,
	}
}

func (p *ngrokProvider) ListResources(_ context.Context) []func() list.ListResource {
	return append([]func() list.ListResource{
		NewReservedDomainListResource,
		NewCloudEndpointListResource,
		NewSSHHostCertificateListResource,
		NewSSHUserCertificateListResource,
		NewHTTPSEdgeRouteListResource,
	}, objectConstructors(objectTypeRegistration.newListResource)...)
}

// Actions are the API's verbs that are operations rather than state
// (Terraform 1.14 and later).
func (p *ngrokProvider) Actions(_ context.Context) []func() action.Action {
	return append(tunnelSessionActions(), applicationDeleteActions()...)
}

// readOnlyConstructors is one constructor per readOnlyTypes entry, by newT.
func readOnlyConstructors[T any](newT func(readOnlyRegistration) T) []func() T {
	out := make([]func() T, 0, len(readOnlyTypes))
	for _, o := range readOnlyTypes {
		out = append(out, func() T { return newT(o) })
	}
	return out
}

// objectConstructors is one constructor per objectTypes entry, by newT.
func objectConstructors[T any](newT func(objectTypeRegistration) T) []func() T {
	out := make([]func() T, 0, len(objectTypes))
	for _, o := range objectTypes {
		out = append(out, func() T { return newT(o) })
	}
	return out
}

// objectDataSourceConstructors is objectConstructors for the data sources:
// those of the objects whose data sources are hand-written are left out.
func objectDataSourceConstructors(newT func(objectTypeRegistration) datasource.DataSource) []func() datasource.DataSource {
	out := make([]func() datasource.DataSource, 0, len(objectTypes))
	for _, o := range objectTypes {
		if !o.dataSourcesHandWritten() {
			out = append(out, func() datasource.DataSource { return newT(o) })
		}
	}
	return out
}

func (p *ngrokProvider) Functions(_ context.Context) []func() function.Function {
	return []func() function.Function{
		NewSSHCertificateInfoFunction,
		NewTrafficPolicyFunction,
	}
}

func stringOrEnv(v types.String, env string) string {
	if !v.IsNull() {
		return v.ValueString()
	}
	return os.Getenv(env)
}

// boolOrEnv returns v when set, else the environment variable env parsed
// as a boolean (true, false, 1, 0, ...), else def.
func boolOrEnv(v types.Bool, env string, def bool) (bool, error) {
	if !v.IsNull() {
		return v.ValueBool(), nil
	}
	raw := strings.TrimSpace(os.Getenv(env))
	if raw == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(raw)
	if err != nil {
		return false, fmt.Errorf("%s is %q; set it to true or false, or unset it", env, raw)
	}
	return b, nil
}

func userAgent(providerVersion, terraformVersion string) string {
	ua := "terraform-provider-ngrok/" + providerVersion + " (+https://registry.terraform.io/providers/tfedge/ngrok)"
	if terraformVersion = strings.TrimSpace(terraformVersion); terraformVersion != "" {
		ua += " Terraform/" + terraformVersion
	}
	return ua
}

// tlsHTTPClient returns an HTTP client that trusts the certificates in
// caFile besides the system's, or (insecure) none at all.
func tlsHTTPClient(caFile string, insecure bool) (*http.Client, error) {
	tlsConfig := &tls.Config{MinVersion: tls.VersionTLS12}
	if caFile != "" {
		pemBytes, err := os.ReadFile(caFile)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", caFile, err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pemBytes) {
			return nil, fmt.Errorf("%s holds no PEM certificate", caFile)
		}
		tlsConfig.RootCAs = pool
	}
	// NOTE: an explicit choice of the user, for local mock servers only.
	tlsConfig.InsecureSkipVerify = insecure
	transport, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return nil, fmt.Errorf("http.DefaultTransport is a %T, not an *http.Transport", http.DefaultTransport)
	}
	transport = transport.Clone()
	transport.TLSClientConfig = tlsConfig
	return &http.Client{Transport: transport}, nil
}

// logAPIRequest writes one debug line per API attempt (TF_LOG=DEBUG); the
// client never hands it headers or bodies, which carry secrets.
func logAPIRequest(ctx context.Context, e apiclient.RequestLog) {
	fields := map[string]any{
		"method":       e.Method,
		"path":         e.Path,
		"attempt":      e.Attempt,
		"status":       e.Status,
		"duration_ms":  e.Duration.Milliseconds(),
		"operation_id": e.OperationID,
	}
	if e.Err != nil {
		fields["error"] = e.Err.Error()
	}
	if e.Replay {
		fields["replay"] = true
	}
	tflog.Debug(ctx, "ngrok API request", fields)
}

// logLimiterEvent reports the rate limiter's waits: an info line when the
// run starts being paced, and each time a 429 pauses every request (both
// rare); a debug line for every wait of a request.
func logLimiterEvent(ctx context.Context, e apiclient.LimiterEvent) {
	fields := map[string]any{
		"method":              e.Method,
		"path":                e.Path,
		"wait_ms":             e.Wait.Milliseconds(),
		"requests_per_minute": math.Round(e.RequestsPerMinute*10) / 10,
	}
	switch e.Kind {
	case apiclient.LimiterPauseStarted:
		why := "without Retry-After, for a pause that doubles while 429s follow"
		if e.RetryAfter {
			why = "for the API's Retry-After"
		}
		tflog.Info(ctx, fmt.Sprintf("the ngrok API rate limited the provider (429): every request pauses for %s (%s), "+
			"then requests are sent at %.1f a minute, recovering to requests_per_minute over 30s",
			e.Wait.Round(time.Millisecond), why, e.RequestsPerMinute), fields)
	case apiclient.LimiterPacing:
		if e.First {
			tflog.Info(ctx, fmt.Sprintf("pacing ngrok API requests to %.1f a minute to stay under the API's rate limit "+
				"(requests_per_minute); a run of N requests takes at least N/%.1f minutes", e.RequestsPerMinute, e.RequestsPerMinute), fields)
		}
		tflog.Debug(ctx, "ngrok API request waits for its turn (requests_per_minute)", fields)
	case apiclient.LimiterPaused:
		tflog.Debug(ctx, "ngrok API request waits for the pause after a 429 to end", fields)
	}
}
