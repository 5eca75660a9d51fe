package provider

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                   = (*reservedDomainResource)(nil)
	_ resource.ResourceWithConfigure      = (*reservedDomainResource)(nil)
	_ resource.ResourceWithImportState    = (*reservedDomainResource)(nil)
	_ resource.ResourceWithIdentity       = (*reservedDomainResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*reservedDomainResource)(nil)
	_ resource.ResourceWithValidateConfig = (*reservedDomainResource)(nil)
	_ resource.ResourceWithUpgradeState   = (*reservedDomainResource)(nil)
	_ resource.ResourceWithMoveState      = (*reservedDomainResource)(nil)
)

// defaultCertificatePollInterval is how often wait_for_certificate reads the
// domain: often enough to notice an issued certificate soon, rarely enough
// that several domains waiting at once stay far below the API's rate limit.
const defaultCertificatePollInterval = 5 * time.Second

func NewReservedDomainResource() resource.Resource {
	return &reservedDomainResource{pollInterval: defaultCertificatePollInterval}
}

type reservedDomainResource struct {
	client *apiclient.Client
	// pollInterval is the pause between reads while waiting for a managed
	// certificate; tests lower it.
	pollInterval time.Duration
}

func (r *reservedDomainResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reserved_domain"
}

func (r *reservedDomainResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version: stateSchemaVersion,
		Description: "A reserved domain: a hostname held by the account, on which endpoints can serve traffic. " +
			"A subdomain of an ngrok domain (such as `myapp.ngrok.app`) works at once; a custom domain needs a " +
			"DNS CNAME record to `cname_target`, and gets a TLS certificate that ngrok obtains and renews " +
			"(automatic certificates, ngrok's default), unless it names an uploaded one (`certificate_id`) or " +
			"turns them off (`automatic_certificates = false`). Changing between the three is an in-place update. " +
			"The guide \"Reserved domains: certificates and DNS\" walks through the choices and the DNS records to create.\n\n" +
			"A domain that a cloud endpoint serves on cannot be deleted (`ERR_NGROK_446`). An endpoint whose `url` refers " +
			"to the domain and goes in the same apply is destroyed first; one that stays and moves to another domain is " +
			"updated *after* the old domain's delete, which is refused, and applying again fails again. Give such domains " +
			"`lifecycle { create_before_destroy = true }` (from the apply that creates them), or move the endpoint in one " +
			"apply and remove the domain in the next.",
		Attributes: map[string]schema.Attribute{
			"id":         serverSetAttribute("Identifier of the reserved domain (`rd_...`)."),
			"uri":        serverSetAttribute("API address of the reserved domain."),
			"created_at": serverSetAttribute("When the domain was reserved, RFC 3339."),
			"domain": schema.StringAttribute{
				Description: "The hostname to reserve, such as `app.example.com`, `myapp.ngrok.app`, or a wildcard " +
					"such as `*.example.com`. The API stores it in lower case without a trailing dot; a configured " +
					"spelling that differs only in case or in a trailing dot names the same domain: changing to it, or " +
					"importing with it, plans no change (the state keeps the spelling it has). " +
					"Changing the domain replaces the reservation.",
				Required:   true,
				Validators: []validator.String{domainNameValidator{}},
				PlanModifiers: []planmodifier.String{
					equivalentToState("another spelling of the same domain keeps the prior value", equivalentDomainNames),
					// NOTE: after equivalentToState, only another domain differs from the state.
					stringplanmodifier.RequiresReplace(),
				},
			},
			"region": schema.StringAttribute{
				Description: fmt.Sprintf("Deprecated by ngrok: traffic is now served from every region. One of %s. "+
					"The API accepts it, validates it and ignores it, and never returns it, so the configured value is "+
					"kept as is. Adding, changing or removing it is an in-place update that changes nothing in ngrok: "+
					"it never replaces the reservation (deleting it and reserving the name again).",
					quotedList(reservedDomainRegions)),
				DeprecationMessage: "ngrok ignores the region of a reserved domain: traffic is served from every region. Remove the attribute.",
				Optional:           true,
				Validators:         []validator.String{stringvalidator.OneOf(reservedDomainRegions...)},
			},
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"certificate_id": schema.StringAttribute{
				Description: "ID (`cert_...`) of an uploaded TLS certificate to serve on the domain. Conflicts with " +
					"`certificate_management_policy` and with `automatic_certificates = true`; setting it where a policy was " +
					"replaces the policy. Removing it detaches the certificate: the domain goes back to automatic " +
					"certificates, unless `automatic_certificates = false`. Not available on subdomains of ngrok domains.",
				Optional: true,
				Validators: []validator.String{
					idValidator(certificateIDPrefix, "an uploaded TLS certificate"),
					oneCertificateSourceValidator{},
				},
			},
			"automatic_certificates": schema.BoolAttribute{
				Description: "Whether ngrok obtains and renews the domain's certificate (a certificate management policy). " +
					"On a custom domain without `certificate_id` it is `true`, ngrok's default, which `terraform apply` " +
					"restores when the policy was detached outside Terraform. Set `false` to turn automatic certificates " +
					"off (the provider detaches the policy that ngrok attaches to every new custom domain): the domain then " +
					"serves no certificate of its own, and ngrok answers TLS connections to it with its own wildcard " +
					"certificate, which browsers reject for your name, unless your endpoints terminate TLS themselves. " +
					"`false` with `certificate_id` is allowed and says the same as `certificate_id` alone. " +
					"Null on subdomains of ngrok domains, which ngrok always covers.",
				Optional: true,
				Computed: true,
			},
			"certificate_management_policy": schema.SingleNestedAttribute{
				Description: "How ngrok obtains the domain's certificate when automatic certificates are on. Left out, the " +
					"domain keeps the policy it has, or gets ngrok's default (`letsencrypt`, `ecdsa`), which the state then " +
					"shows: removing the attribute never detaches the policy (`automatic_certificates = false` does). " +
					"Conflicts with `certificate_id` and with `automatic_certificates = false`; setting it where an uploaded " +
					"certificate was replaces that certificate (the domain has no certificate until the managed one is " +
					"issued). Not available on subdomains of ngrok domains, which ngrok always covers. " +
					"`certificate_management_policy = {}` takes the defaults.",
				Optional: true,
				Computed: true,
				Attributes: map[string]schema.Attribute{
					"authority": schema.StringAttribute{
						Description: fmt.Sprintf("Certificate authority to request certificates from: %s (the default and only value).",
							quotedList(certAuthorities)),
						Optional:   true,
						Computed:   true,
						Default:    stringdefault.StaticString(defaultCertAuthority),
						Validators: []validator.String{stringvalidator.OneOf(certAuthorities...)},
					},
					"private_key_type": schema.StringAttribute{
						Description: fmt.Sprintf("Type of the certificate's private key: %s. Defaults to `%s`. "+
							"Changing it provisions a new certificate; the current one is served until then.",
							quotedList(certKeyTypes), defaultCertKeyType),
						Optional:   true,
						Computed:   true,
						Default:    stringdefault.StaticString(defaultCertKeyType),
						Validators: []validator.String{stringvalidator.OneOf(certKeyTypes...)},
					},
				},
			},
			"http_endpoint_configuration_id": schema.StringAttribute{
				Description: "Deprecated by ngrok: ID (`ec_...`) of an endpoint configuration applied to HTTP traffic on the domain. " +
					"Removing it detaches it. ngrok answers `ERR_NGROK_1608` where endpoint configurations are no longer served. " + endpointConfigurationDeprecationMessage,
				Optional:   true,
				Validators: []validator.String{idValidator(endpointConfigIDPrefix, "an endpoint configuration")},
				// NOTE: deprecated in words, not by DeprecationMessage:
				// terraform plan -generate-config-out (import, query) leaves
				// deprecated attributes out, so an adopted domain that has an
				// endpoint configuration would plan its removal.
			},
			"https_endpoint_configuration_id": schema.StringAttribute{
				Description: "Deprecated by ngrok: ID (`ec_...`) of an endpoint configuration applied to HTTPS traffic on the domain. " +
					"Removing it detaches it. ngrok answers `ERR_NGROK_1608` where endpoint configurations are no longer served. " + endpointConfigurationDeprecationMessage,
				Optional:   true,
				Validators: []validator.String{idValidator(endpointConfigIDPrefix, "an endpoint configuration")},
				// NOTE: deprecated in words, not by DeprecationMessage:
				// terraform plan -generate-config-out (import, query) leaves
				// deprecated attributes out, so an adopted domain that has an
				// endpoint configuration would plan its removal.
			},
			"resolves_to": schema.SetAttribute{
				Description: fmt.Sprintf("Pin the domain to these points of presence (region pinning), for data residency: "+
					"its DNS then resolves only to them, so that its traffic is served there alone. Each one of %s. "+
					"Defaults to `[]`: the domain resolves globally, to every point of presence; `[%q]` says the same. "+
					"Removing it un-pins the domain. Changing it is an in-place update. ngrok refuses it on accounts "+
					"without the feature (`ERR_NGROK_460`), and a change of it where ngrok does not allow one (`ERR_NGROK_459`).",
					quotedList(reservedDomainPoPs), apiclient.ResolvesToGlobal),
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, nil)),
				Validators: []validator.Set{
					setvalidator.ValueStringsAre(stringvalidator.OneOf(append(slices.Clone(reservedDomainPoPs), apiclient.ResolvesToGlobal)...)),
					resolvesToValidator{},
				},
				PlanModifiers: []planmodifier.Set{
					equivalentSetToState("another spelling of global resolution keeps the prior value", sameResolution),
				},
			},
			"cname_target": serverSetAttribute("For a custom domain, the target of the DNS CNAME record to create for `domain`. " +
				"Null for a subdomain of an ngrok domain, which needs no DNS record."),
			"acme_challenge_cname_target": serverSetAttribute("For a wildcard custom domain (`*.example.com`), the target of the DNS CNAME record to " +
				"create for `_acme-challenge.example.com`, which a managed certificate needs. Null otherwise."),
			"certificate": schema.SingleNestedAttribute{
				Description: "The certificate served on the domain: the uploaded one, or the most recently issued " +
					"managed one. Null while none is. Read-only: it changes as ngrok issues and renews certificates.",
				Computed: true,
				Attributes: map[string]schema.Attribute{
					"id":  schema.StringAttribute{Description: "Identifier of the certificate (`cert_...`).", Computed: true},
					"uri": schema.StringAttribute{Description: "API address of the certificate.", Computed: true},
				},
			},
			"certificate_management_status": schema.SingleNestedAttribute{
				Description: "Status of automatic certificate management; null without a policy, and null for a while " +
					"after an update attaches one, until ngrok reports on its job. Read-only: " +
					"ngrok updates it as it provisions and renews, which never plans a change.",
				Computed: true,
				Attributes: map[string]schema.Attribute{
					"renews_at": schema.StringAttribute{
						Description: "When the next renewal will be requested, RFC 3339; null until a certificate is issued.",
						Computed:    true,
					},
					"provisioning_job": schema.SingleNestedAttribute{
						Description: "The job provisioning or renewing the certificate; null when none runs.",
						Computed:    true,
						Attributes: map[string]schema.Attribute{
							"error_code": schema.StringAttribute{
								Description: "Why provisioning is failing, null while it is not: `INTERNAL_ERROR` (temporary; " +
									"ngrok retries) or `DNS_ERROR` (the DNS records are missing or wrong; correct them).",
								Computed: true,
							},
							"msg":        schema.StringAttribute{Description: "What the job is doing, or why it fails.", Computed: true},
							"started_at": schema.StringAttribute{Description: "When the job started, RFC 3339.", Computed: true},
							"retries_at": schema.StringAttribute{Description: "When a failing job is retried, RFC 3339.", Computed: true},
						},
					},
				},
			},
			"deletion_protection": deletionProtectionAttribute("reserved domain", "name"),
			"wait_for_certificate": schema.BoolAttribute{
				Description: "With automatic certificates, make create and update wait until the managed " +
					"certificate is issued (bounded by `timeouts`), and fail with the job's error when ngrok reports " +
					"`DNS_ERROR`. Create the DNS records first: on a new custom domain, read `cname_target` from a " +
					"first apply without waiting. When the wait fails during a create, the reservation is kept in the " +
					"state but Terraform marks it tainted; after fixing DNS, run `terraform untaint` rather than let " +
					"an apply replace it (deleting the reservation and reserving the name again). When it fails during an update, " +
					"the next apply waits again. Defaults to `false`. Not sent to the API.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(false),
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": schema.SingleNestedBlock{
				Description: "How long `wait_for_certificate` waits, as durations such as `\"30s\"` or `\"10m\"`. " +
					"Each defaults to `" + shortDuration(defaultCertificateTimeout) + "`.",
				Attributes: map[string]schema.Attribute{
					"create": schema.StringAttribute{
						Description: "How long a create waits for the certificate.",
						Optional:    true,
						Validators:  []validator.String{durationValidator{}},
					},
					"update": schema.StringAttribute{
						Description: "How long an update waits for the certificate.",
						Optional:    true,
						Validators:  []validator.String{durationValidator{}},
					},
				},
			},
		},
	}
}

func (r *reservedDomainResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = idIdentitySchema("reserved domain", reservedDomainIDPrefix)
}

func (r *reservedDomainResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig checks what depends on several attributes and is known at
// plan time.
func (r *reservedDomainResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	// NOTE: the five attributes it checks, read one by one: every plan
	// validates every reserved domain, and a whole-model Get maps all
	// eighteen by reflection.
	var cfg reservedDomainModel
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("domain"), &cfg.Domain)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("certificate_id"), &cfg.CertificateID)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("automatic_certificates"), &cfg.AutomaticCertificates)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("certificate_management_policy"), &cfg.CertificateManagementPolicy)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("wait_for_certificate"), &cfg.WaitForCertificate)...)
	if resp.Diagnostics.HasError() {
		return
	}
	serviceOwned := !cfg.Domain.IsUnknown() && !cfg.Domain.IsNull() && isServiceOwnedDomain(cfg.Domain.ValueString())
	if serviceOwned {
		for _, a := range []struct {
			name string
			set  bool
		}{
			{"certificate_id", !cfg.CertificateID.IsNull()},
			{"automatic_certificates", !cfg.AutomaticCertificates.IsNull()},
			{"certificate_management_policy", !cfg.CertificateManagementPolicy.IsNull()},
		} {
			if a.set {
				resp.Diagnostics.AddAttributeError(path.Root(a.name), "Invalid Attribute Combination",
					fmt.Sprintf("%s is not available on %q: ngrok owns its parent domain and always serves its own "+
						"certificate there. Remove %s, or reserve a custom domain.", a.name, cfg.Domain.ValueString(), a.name))
			}
		}
	}
	off := cfg.AutomaticCertificates.Equal(types.BoolValue(false))
	if off && !cfg.CertificateManagementPolicy.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("automatic_certificates"), "Invalid Attribute Combination",
			"automatic_certificates = false turns off the certificates that certificate_management_policy configures. "+
				"Remove certificate_management_policy to turn them off, or remove automatic_certificates to keep them.")
	}
	if cfg.AutomaticCertificates.Equal(types.BoolValue(true)) && !cfg.CertificateID.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("automatic_certificates"), "Invalid Attribute Combination",
			"automatic_certificates = true has ngrok obtain the domain's certificate, and certificate_id names one you "+
				"uploaded: a domain serves one. Remove certificate_id to let ngrok manage the certificate, "+
				"or remove automatic_certificates to serve the uploaded one.")
	}
	if cfg.WaitForCertificate.ValueBool() && (serviceOwned || off || !cfg.CertificateID.IsNull()) {
		resp.Diagnostics.AddAttributeError(path.Root("wait_for_certificate"), "Invalid Attribute Combination",
			"wait_for_certificate waits for a certificate that ngrok manages, which a subdomain of an ngrok domain, "+
				"a certificate_id or automatic_certificates = false leaves out. Remove wait_for_certificate, "+
				"or let ngrok manage the certificate.")
	}
}

// ModifyPlan plans automatic_certificates and certificate_management_policy
// from the configuration (plannedCertificates): left out, they are ngrok's
// default, which on a domain whose policy was detached outside Terraform is
// a change to plan, though Terraform proposes the prior state.
//
// It then keeps certificate and certificate_management_status as they are
// when, once the attribute plan modifiers have set another spelling of the
// same domain or the same JSON metadata back to the state's value, nothing
// is left to change: the framework has marked them unknown already, because
// the configuration differed from the state in text, and left unknown they
// would plan an update that changes nothing. When this plan is what changes
// the certificate settings, it marks them unknown itself.
//
// A plan equal to the state whose certificate settings stand (every refresh
// of an unchanged domain) is left as it is after reading six attributes.
func (r *reservedDomainResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	refuseProtectedDeletion(ctx, req, resp, "reserved domain", "domain", "domain")
	if req.Plan.Raw.IsNull() || resp.Diagnostics.HasError() {
		return
	}
	var (
		domain, certificateID              types.String
		cfgAuto, planAuto                  types.Bool
		cfgPolicy, planPolicy, statePolicy types.Object
		created                            = req.State.Raw.IsNull()
		autoPath, policyPath               = path.Root("automatic_certificates"), path.Root("certificate_management_policy")
	)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("domain"), &domain)...)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("certificate_id"), &certificateID)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, autoPath, &cfgAuto)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, policyPath, &cfgPolicy)...)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, autoPath, &planAuto)...)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, policyPath, &planPolicy)...)
	statePolicy = types.ObjectNull(certPolicyAttrTypes)
	if !created {
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, policyPath, &statePolicy)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	auto, policy := plannedCertificates(domain, certificateID, cfgAuto, cfgPolicy, planPolicy, statePolicy)
	planned := auto.Equal(planAuto) && policy.Equal(planPolicy)
	if created || (planned && req.Plan.Raw.Equal(req.State.Raw)) {
		if !planned {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, autoPath, auto)...)
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, policyPath, policy)...)
		}
		return
	}
	var plan, state reservedDomainModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.AutomaticCertificates, plan.CertificateManagementPolicy = auto, policy
	switch {
	case plan.sameSettings(state):
		plan.Certificate, plan.CertificateManagementStatus = state.Certificate, state.CertificateManagementStatus
	case !plan.AutomaticCertificates.Equal(state.AutomaticCertificates) || !plan.CertificateManagementPolicy.Equal(state.CertificateManagementPolicy):
		plan.Certificate = types.ObjectUnknown(apiRefAttrTypes)
		plan.CertificateManagementStatus = types.ObjectUnknown(certStatusAttrTypes)
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}

func (r *reservedDomainResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan reservedDomainModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}

	d, err := r.client.CreateReservedDomain(ctx, plan.toCreate())
	if d != nil {
		resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, d.ID)...)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create Reserved Domain", err))
		if d != nil {
			// NOTE: interrupted after the API made it: saved with the
			// error, so that Terraform tracks it (tainted); the run is
			// over, so nothing more is attached or awaited.
			resp.Diagnostics.Append(resp.State.Set(ctx, reservedDomainModelFromAPI(d).withConfigured(plan))...)
		}
		return
	}
	tflog.Info(ctx, "created reserved domain", map[string]any{"id": d.ID, "domain": d.Domain})

	// NOTE: the create body has no endpoint configuration fields; a PATCH
	// sets them. If it fails, the domain exists: it is saved (and so marked
	// tainted) rather than left behind untracked.
	if !plan.HTTPEndpointConfigurationID.IsNull() || !plan.HTTPSEndpointConfigurationID.IsNull() {
		updated, err := r.client.UpdateReservedDomain(ctx, d.ID, &apiclient.ReservedDomainUpdate{
			HTTPEndpointConfigurationID:  plan.HTTPEndpointConfigurationID.ValueStringPointer(),
			HTTPSEndpointConfigurationID: plan.HTTPSEndpointConfigurationID.ValueStringPointer(),
		})
		if err != nil {
			resp.Diagnostics.Append(resp.State.Set(ctx, reservedDomainModelFromAPI(d).withConfigured(plan))...)
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Attach Endpoint Configurations to Reserved Domain", err))
			return
		}
		d = updated
	}
	// NOTE: ngrok attaches its default policy to every new custom domain;
	// turning automatic certificates off is detaching it.
	if plan.AutomaticCertificates.Equal(types.BoolValue(false)) && d.CertificateManagementPolicy != nil {
		if err := r.client.DeleteReservedDomainCertificateManagementPolicy(ctx, d.ID); err != nil {
			resp.Diagnostics.Append(resp.State.Set(ctx, reservedDomainModelFromAPI(d).withConfigured(plan))...)
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Turn Off Automatic Certificates of Reserved Domain", err))
			return
		}
		detached, err := r.client.GetReservedDomain(ctx, d.ID)
		if err != nil {
			resp.Diagnostics.Append(resp.State.Set(ctx, reservedDomainModelFromAPI(d).withConfigured(plan))...)
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read Created Reserved Domain", err))
			return
		}
		d = detached
	}

	r.waitAndSave(ctx, d, plan, "create", &resp.State, &resp.Diagnostics)
}

func (r *reservedDomainResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior reservedDomainModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, prior.ID.ValueString())...)
	if resp.Diagnostics.HasError() {
		return
	}

	d := readObject(ctx, resp, "reserved domain", "Reserved Domain", prior.ID.ValueString(), r.client.GetReservedDomain)
	if d == nil {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, reservedDomainModelFromAPI(d).withConfigured(prior))...)
}

func (r *reservedDomainResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state reservedDomainModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id)...)
	changes := plan.toUpdate(state)

	var d *apiclient.ReservedDomain
	var err error
	if sameUpdate(changes.patch, &apiclient.ReservedDomainUpdate{Description: state.Description.ValueStringPointer(),
		Metadata: state.Metadata.ValueStringPointer()}) {
		// NOTE: nothing the API holds changes in the PATCH (wait_for_certificate,
		// a detach alone); the API refuses one that gives no field
		// (ERR_NGROK_422).
		d, err = r.client.GetReservedDomain(ctx, id)
	} else {
		d, err = r.client.UpdateReservedDomain(ctx, id, changes.patch)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update Reserved Domain", err))
		return
	}
	// NOTE: each detach is its own call; if one fails, the state records
	// what the API holds after the calls that succeeded (keeping the prior
	// wait settings), so that the next plan repeats what is left to do.
	detaches := []struct {
		needed bool
		what   string
		call   func(context.Context, string) error
	}{
		{changes.detachPolicy, "Certificate Management Policy", r.client.DeleteReservedDomainCertificateManagementPolicy},
		{changes.detachCertificate, "Certificate", r.client.DeleteReservedDomainCertificate},
	}
	detached := false
	for _, dt := range detaches {
		if !dt.needed {
			continue
		}
		if err := dt.call(ctx, id); err != nil {
			resp.Diagnostics.Append(resp.State.Set(ctx, reservedDomainModelFromAPI(d).withConfigured(state))...)
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Detach Reserved Domain "+dt.what, err))
			return
		}
		detached = true
	}
	if detached {
		if d, err = r.client.GetReservedDomain(ctx, id); err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read Updated Reserved Domain", err))
			return
		}
	}

	r.waitAndSave(ctx, d, plan, "update", &resp.State, &resp.Diagnostics)
}

func (r *reservedDomainResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteObject(ctx, req.State, &resp.Diagnostics, "reserved domain", "Reserved Domain", r.client.DeleteReservedDomain)
}

func (r *reservedDomainResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	reservedDomainImport.importState(ctx, r.client, req, resp)
}

// reservedDomainImport accepts the domain's ID (rd_...) or its name (a
// natural key, such as app.example.com or *.example.com), which is looked
// up among the account's reserved domains; an identity holds the ID.
var reservedDomainImport = importSpec{
	keys:    []importKey{{attr: "id", prefix: reservedDomainIDPrefix, noun: "a reserved domain"}},
	findIDs: "in the ngrok dashboard or with the ngrok_reserved_domains data source",
	natural: &naturalKeyImport{name: "name", examples: "app.example.com", check: checkDomainName, resolve: reservedDomainIDByName},
}

// reservedDomainIDByName resolves a reserved domain's name, in any spelling
// that checkDomainName accepts, to its ID.
func reservedDomainIDByName(ctx context.Context, client *apiclient.Client, name string, diags *diag.Diagnostics) string {
	norm := normalizeDomainName(name)
	k := naturalKey{
		noun: "reserved domain", title: "Reserved Domain", keyName: "name", keyTitle: "Name", key: norm,
		filter: "obj.domain == " + celString(norm),
		notFoundHint: "Check the name (a wildcard reservation is named with its \"*.\" label, such as *.example.com), " +
			"or import by ID (" + reservedDomainIDPrefix + "...), which the ngrok dashboard and the " +
			"ngrok_reserved_domains data source show.",
	}
	return resolveNaturalKey(k, client.ListReservedDomains(ctx, &apiclient.ListOptions{Filter: k.filter}),
		func(d *apiclient.ReservedDomain) string { return d.ID },
		func(d *apiclient.ReservedDomain) bool { return normalizeDomainName(d.Domain) == norm },
		diags)
}

// errNoSuchDomain is findReservedDomainByName's answer for a name the
// account has not reserved.
var errNoSuchDomain = errors.New("no such reserved domain")

// findReservedDomainByName looks a domain up by its name in any spelling.
func findReservedDomainByName(ctx context.Context, client *apiclient.Client, name string) (*apiclient.ReservedDomain, error) {
	norm := normalizeDomainName(name)
	opts := &apiclient.ListOptions{Filter: "obj.domain == " + celString(norm)}
	for d, err := range client.ListReservedDomains(ctx, opts) {
		if err != nil {
			return nil, err
		}
		if d.Domain == norm {
			return d, nil
		}
	}
	return nil, fmt.Errorf("%w: the account has not reserved %q", errNoSuchDomain, norm)
}

// waitForCertificate reads the domain until its managed certificate is
// issued, the job reports DNS_ERROR, or timeout passes; it returns the last
// domain read and reports a failure in diags.
func (r *reservedDomainResource) waitForCertificate(ctx context.Context, d *apiclient.ReservedDomain, timeout time.Duration, creating bool, diags *diag.Diagnostics) *apiclient.ReservedDomain {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	interval := max(r.pollInterval, time.Millisecond)
	tflog.Info(ctx, "waiting for the managed certificate", map[string]any{"id": d.ID, "timeout": timeout.String()})
	for {
		switch managedCertificateProgress(d) {
		case certificateIssued:
			tflog.Info(ctx, "managed certificate issued", map[string]any{"id": d.ID, "certificate": d.Certificate.ID})
			return d
		case certificateFailed:
			diags.AddError("Managed Certificate Not Issued", certificateFailureDetail(d, creating))
			return d
		case certificateNoPolicy:
			diags.AddError("Managed Certificate Not Issued",
				fmt.Sprintf("The certificate management policy of %s was detached while the provider waited for its certificate, "+
					"perhaps by someone else. Apply again to attach it.", d.Domain))
			return d
		}
		timer := time.NewTimer(interval)
		select {
		case <-ctx.Done():
			timer.Stop()
			diags.AddError("Timed Out Waiting for Managed Certificate", certificateTimeoutDetail(d, timeout, creating))
			return d
		case <-timer.C:
		}
		next, err := r.client.GetReservedDomain(ctx, d.ID)
		if err != nil {
			if ctx.Err() != nil {
				diags.AddError("Timed Out Waiting for Managed Certificate", certificateTimeoutDetail(d, timeout, creating))
				return d
			}
			diags.Append(apiErrorDiagnostic("Unable to Read Reserved Domain While Waiting for Its Certificate", err))
			return d
		}
		d = next
	}
}

// waitAndSave ends a create or an update (operation): it waits for the
// managed certificate when the plan asks for it, then saves the domain as
// last read. A failed wait is saved too (see waitFailedState), with the
// error.
func (r *reservedDomainResource) waitAndSave(ctx context.Context, d *apiclient.ReservedDomain, plan reservedDomainModel,
	operation string, state *tfsdk.State, diags *diag.Diagnostics) {
	if plan.WaitForCertificate.ValueBool() && d.CertificateManagementPolicy != nil {
		var waitDiags diag.Diagnostics
		d = r.waitForCertificate(ctx, d, timeoutFor(plan.Timeouts, operation), operation == "create", &waitDiags)
		diags.Append(waitDiags...)
		if waitDiags.HasError() {
			diags.Append(state.Set(ctx, waitFailedState(d, plan))...)
			return
		}
	}
	diags.Append(state.Set(ctx, reservedDomainModelFromAPI(d).withConfigured(plan))...)
}

// waitFailedState is the state after a failed wait: the domain as last read,
// with wait_for_certificate false, so that the next plan shows an update
// that waits again instead of an empty plan.
func waitFailedState(d *apiclient.ReservedDomain, plan reservedDomainModel) reservedDomainModel {
	m := reservedDomainModelFromAPI(d).withConfigured(plan)
	m.WaitForCertificate = types.BoolValue(false)
	return m
}

func certificateFailureDetail(d *apiclient.ReservedDomain, creating bool) string {
	job := d.CertificateManagementStatus.ProvisioningJob
	var b strings.Builder
	fmt.Fprintf(&b, "ngrok could not issue a certificate for %s: %s: %s", d.Domain, job.ErrorCode, strings.TrimSpace(job.Msg))
	if job.RetriesAt != "" {
		fmt.Fprintf(&b, "\n\nngrok retries at %s.", job.RetriesAt)
	}
	if hint := dnsRecordsHint(d); hint != "" {
		fmt.Fprintf(&b, "\n\n%s", hint)
	}
	b.WriteString(waitRetryHint(d, creating))
	return b.String()
}

func certificateTimeoutDetail(d *apiclient.ReservedDomain, timeout time.Duration, creating bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The managed certificate for %s was not issued within %s.", d.Domain, timeout)
	switch st := d.CertificateManagementStatus; {
	case st == nil:
		b.WriteString(" ngrok had not reported on its job yet (certificate_management_status was null).")
	case st.ProvisioningJob != nil:
		fmt.Fprintf(&b, " Last status: %s", strings.TrimSpace(st.ProvisioningJob.Msg))
		if st.ProvisioningJob.ErrorCode != "" {
			fmt.Fprintf(&b, " (%s)", st.ProvisioningJob.ErrorCode)
		}
		b.WriteString(".")
	}
	if hint := dnsRecordsHint(d); hint != "" {
		fmt.Fprintf(&b, "\n\nCheck that the DNS records exist. %s", hint)
	}
	b.WriteString("\n\nRaise timeouts if issuance is merely slow.")
	b.WriteString(waitRetryHint(d, creating))
	return b.String()
}

func waitRetryHint(d *apiclient.ReservedDomain, creating bool) string {
	if creating {
		return fmt.Sprintf("\n\nThe reserved domain %s (%s) exists and is saved in the state, marked tainted. "+
			"A plain apply would replace it, deleting the reservation and reserving the name again: after fixing DNS, "+
			"run terraform untaint on this resource, then apply again to resume waiting.", d.Domain, d.ID)
	}
	return "\n\nThe next apply waits again."
}
