package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// agentIngressType is ngrok_agent_ingress: a domain of the account's
// through which its agents connect to ngrok (instead of connect.ngrok-agent.com),
// delegated to ngrok with NS records. Its certificate can be managed by
// ngrok, with the reserved domains' policy, status and wait
// (wait_for_certificate, timeouts). The API cannot change the domain, nor
// remove a certificate management policy once set: both replace it.
var agentIngressType = &objectType[apiclient.AgentIngress, apiclient.AgentIngressCreate, apiclient.AgentIngressUpdate, agentIngressModel]{
	name: "agent_ingress", plural: "agent_ingresses", noun: "agent ingress", nouns: "agent ingresses", article: "an",
	idPrefix: agentIngressIDPrefix, api: apiclient.AgentIngresses,
	description: "An agent ingress: a domain you own through which your agents connect to ngrok (their `connect_url`), " +
		"for networks that allow only your own names. Delegate the domain to ngrok with NS records for each of " +
		"`ns_targets`; agents then connect to one of `region_domains`. With `certificate_management_policy` ngrok " +
		"issues its certificate, and `wait_for_certificate` makes apply wait for it, as on `ngrok_reserved_domain`.",
	attributes:   agentIngressAttributes,
	resourceOnly: []string{"wait_for_certificate", "timeouts"},
	dataSourceDescriptions: map[string]string{
		"domain":                        "The domain agents connect through.",
		"certificate_management_policy": "Automatic certificate management; null when ngrok does not manage the certificate.",
	},
	fromAPI:       agentIngressModelFromAPI,
	toCreate:      agentIngressModel.toCreate,
	toUpdate:      agentIngressModel.toUpdate,
	displayName:   func(a *apiclient.AgentIngress, _ agentIngressModel) string { return a.Domain },
	filterExample: "`obj.domain.endsWith(\".example.com\")`",
	modifyPlan:    keepAgentIngressStatus,
	keep:          keepAgentIngressInputs,
	settle:        waitForAgentIngressCertificate,
	movesFrom:     []string{"ngrok_agent_ingress"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		a.defaultIfNull("wait_for_certificate", false)
		return a.singleObject("certificate_management_policy")
	},
}

func agentIngressAttributes() map[string]schema.Attribute {
	fixedList := func(description string) schema.ListAttribute {
		return schema.ListAttribute{Description: description, ElementType: types.StringType, Computed: true,
			PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()}}
	}
	return map[string]schema.Attribute{
		"id":          serverSetAttribute("Identifier of the agent ingress (`agin_...`)."),
		"uri":         serverSetAttribute("API address of the agent ingress."),
		"created_at":  serverSetAttribute("When the agent ingress was created, RFC 3339."),
		"description": descriptionResourceAttribute(),
		"metadata":    metadataResourceAttribute(),
		"domain": schema.StringAttribute{
			Description: "A domain you own, such as `connect.example.com`, not a wildcard and not a subdomain of an ngrok " +
				"domain. Another spelling of it (upper case, a trailing dot) is no change. Changing it replaces the agent ingress.",
			Required:   true,
			Validators: []validator.String{agentIngressDomainValidator{}},
			PlanModifiers: []planmodifier.String{
				equivalentToState("another spelling of the same domain keeps the prior value", equivalentDomainNames),
				stringplanmodifier.RequiresReplace(),
			},
		},
		"ns_targets":     fixedList("The name servers to delegate `domain` to: create an NS record for `domain` with each of them."),
		"region_domains": fixedList("The regional domains agents connect to, subdomains of `domain`; ngrok may add regions."),
		"certificate_management_policy": schema.SingleNestedAttribute{
			Description: "Let ngrok issue and renew the certificate of `domain`. Changing it is an in-place update that " +
				"starts a new job; removing it replaces the agent ingress, as the API cannot remove a policy.",
			Optional: true,
			Attributes: map[string]schema.Attribute{
				"authority": schema.StringAttribute{
					Description: fmt.Sprintf("The certificate authority: %s. Defaults to `%s`.", quotedList(certAuthorities), defaultCertAuthority),
					Optional:    true,
					Computed:    true,
					Default:     stringdefault.StaticString(defaultCertAuthority),
					Validators:  []validator.String{stringvalidator.OneOf(certAuthorities...)},
				},
				"private_key_type": schema.StringAttribute{
					Description: fmt.Sprintf("The type of the certificate's key: %s. Defaults to `%s`.", quotedList(certKeyTypes), defaultCertKeyType),
					Optional:    true,
					Computed:    true,
					Default:     stringdefault.StaticString(defaultCertKeyType),
					Validators:  []validator.String{stringvalidator.OneOf(certKeyTypes...)},
				},
			},
			PlanModifiers: []planmodifier.Object{objectplanmodifier.RequiresReplaceIf(policyRemoved,
				"removing the policy replaces the agent ingress", "removing the policy replaces the agent ingress")},
		},
		"certificate_management_status": schema.SingleNestedAttribute{
			Description: "Status of automatic certificate management; null without a policy. Read-only: ngrok updates it " +
				"as it provisions and renews, which never plans a change.",
			Computed: true,
			Attributes: map[string]schema.Attribute{
				"renews_at": schema.StringAttribute{Description: "When the next renewal will be requested, RFC 3339; null until a certificate is issued.", Computed: true},
				"provisioning_job": schema.SingleNestedAttribute{
					Description: "The job provisioning or renewing the certificate; null when none runs.",
					Computed:    true,
					Attributes: map[string]schema.Attribute{
						"error_code": schema.StringAttribute{Description: "Why provisioning is failing, null while it is not: `INTERNAL_ERROR` " +
							"(temporary; ngrok retries) or `DNS_ERROR` (the NS records are missing or wrong; correct them).", Computed: true},
						"msg":        schema.StringAttribute{Description: "What the job is doing, or why it fails.", Computed: true},
						"started_at": schema.StringAttribute{Description: "When the job started, RFC 3339.", Computed: true},
						"retries_at": schema.StringAttribute{Description: "When a failing job is retried, RFC 3339.", Computed: true},
					},
				},
			},
		},
		"wait_for_certificate": schema.BoolAttribute{
			Description: "With `certificate_management_policy`, make create and update wait until the certificate is issued " +
				"(bounded by `timeouts`), and fail with the job's error when ngrok reports `DNS_ERROR`. Create the NS records " +
				"first (read `ns_targets` from a first apply without waiting). A failed wait during a create keeps the agent " +
				"ingress in the state, tainted: after fixing DNS run `terraform untaint`; during an update the next apply " +
				"waits again. Defaults to `false`. Not sent to the API.",
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(false),
		},
		"timeouts": schema.SingleNestedAttribute{
			Description: "How long `wait_for_certificate` waits, as durations such as `\"30s\"` or `\"10m\"`; each defaults to `" +
				shortDuration(defaultCertificateTimeout) + "`. Not sent to the API.",
			Optional: true,
			Attributes: map[string]schema.Attribute{
				"create": schema.StringAttribute{Description: "How long a create waits.", Optional: true, Validators: []validator.String{durationValidator{}}},
				"update": schema.StringAttribute{Description: "How long an update waits.", Optional: true, Validators: []validator.String{durationValidator{}}},
			},
		},
	}
}

func policyRemoved(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && req.PlanValue.IsNull()
}

// agentIngressDomainValidator applies the API's rules to the domain: a
// hostname, not a wildcard, not ngrok's.
type agentIngressDomainValidator struct{}

func (agentIngressDomainValidator) Description(context.Context) string {
	return "a domain you own, not a wildcard nor an ngrok domain"
}

func (v agentIngressDomainValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (agentIngressDomainValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkAgentIngressDomain(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Agent Ingress Domain", err.Error()+".")
	}
}

func checkAgentIngressDomain(s string) error {
	if strings.HasPrefix(s, "*.") {
		return fmt.Errorf("%q is a wildcard; an agent ingress is one domain, such as connect.example.com", s)
	}
	if err := checkDomainName(s); err != nil {
		return err
	}
	if isServiceOwnedDomain(s) {
		return fmt.Errorf("%q is a subdomain of an ngrok domain; an agent ingress must be a domain you own (ERR_NGROK_6705)", s)
	}
	return nil
}

type agentIngressModel struct {
	ID                          types.String `tfsdk:"id"`
	URI                         types.String `tfsdk:"uri"`
	CreatedAt                   types.String `tfsdk:"created_at"`
	Description                 types.String `tfsdk:"description"`
	Metadata                    types.String `tfsdk:"metadata"`
	Domain                      types.String `tfsdk:"domain"`
	NSTargets                   types.List   `tfsdk:"ns_targets"`
	RegionDomains               types.List   `tfsdk:"region_domains"`
	CertificateManagementPolicy types.Object `tfsdk:"certificate_management_policy"`
	CertificateManagementStatus types.Object `tfsdk:"certificate_management_status"`
	WaitForCertificate          types.Bool   `tfsdk:"wait_for_certificate"`
	Timeouts                    types.Object `tfsdk:"timeouts"`
}

func agentIngressModelFromAPI(a *apiclient.AgentIngress) (agentIngressModel, error) {
	return agentIngressModel{
		ID:                          types.StringValue(a.ID),
		URI:                         types.StringValue(a.URI),
		CreatedAt:                   types.StringValue(a.CreatedAt),
		Description:                 types.StringValue(a.Description),
		Metadata:                    types.StringValue(a.Metadata),
		Domain:                      types.StringValue(a.Domain),
		NSTargets:                   stringList(a.NSTargets),
		RegionDomains:               stringList(a.RegionDomains),
		CertificateManagementPolicy: certPolicyObject(a.CertificateManagementPolicy),
		CertificateManagementStatus: certStatusObject(a.CertificateManagementStatus),
		WaitForCertificate:          types.BoolValue(false),
		Timeouts:                    types.ObjectNull(timeoutsAttrTypes),
	}, nil
}

func (m agentIngressModel) toCreate() *apiclient.AgentIngressCreate {
	return &apiclient.AgentIngressCreate{
		Description:                 m.Description.ValueString(),
		Metadata:                    m.Metadata.ValueString(),
		Domain:                      m.Domain.ValueString(),
		CertificateManagementPolicy: certPolicyFromObject(m.CertificateManagementPolicy),
	}
}

func (m agentIngressModel) toUpdate() *apiclient.AgentIngressUpdate {
	return &apiclient.AgentIngressUpdate{
		Description:                 m.Description.ValueStringPointer(),
		Metadata:                    m.Metadata.ValueStringPointer(),
		CertificateManagementPolicy: certPolicyFromObject(m.CertificateManagementPolicy),
	}
}

// keepAgentIngressInputs carries what the API never returns (the wait
// settings) and the configured spelling of the domain.
func keepAgentIngressInputs(prior agentIngressModel, m *agentIngressModel) {
	if !prior.WaitForCertificate.IsNull() && !prior.WaitForCertificate.IsUnknown() {
		m.WaitForCertificate = prior.WaitForCertificate
	}
	if !prior.Timeouts.IsUnknown() {
		m.Timeouts = prior.Timeouts
	}
	if !prior.Domain.IsNull() && equivalentDomainNames(prior.Domain.ValueString(), m.Domain.ValueString()) {
		m.Domain = prior.Domain
	}
}

// keepAgentIngressStatus plans the status as it is while the policy does
// not change: only a new policy starts a new job.
func keepAgentIngressStatus(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || req.State.Raw.IsNull() || req.Plan.Raw.Equal(req.State.Raw) {
		return
	}
	var plan, state types.Object
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("certificate_management_policy"), &plan)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("certificate_management_policy"), &state)...)
	if resp.Diagnostics.HasError() || !plan.Equal(state) {
		return
	}
	var status types.Object
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("certificate_management_status"), &status)...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("certificate_management_status"), status)...)
}

// agentIngressPollInterval is how often wait_for_certificate reads the
// agent ingress, as for reserved domains.
const agentIngressPollInterval = defaultCertificatePollInterval

// errNotIssued is a wait that ended without a certificate.
var errNotIssued = errors.New("the certificate was not issued")

// waitForAgentIngressCertificate waits, when the plan asks for it, until
// the certificate is issued, the job reports DNS_ERROR, or the timeout
// passes. A failed wait leaves wait_for_certificate false in the state, so
// that the next plan shows an update that waits again.
func waitForAgentIngressCertificate(ctx context.Context, c *apiclient.Client, a *apiclient.AgentIngress, plan *agentIngressModel,
	operation string, diags *diag.Diagnostics) *apiclient.AgentIngress {
	if !plan.WaitForCertificate.ValueBool() || a.CertificateManagementPolicy == nil {
		return a
	}
	timeout := timeoutFor(plan.Timeouts, operation)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	tflog.Info(ctx, "waiting for the agent ingress certificate", map[string]any{"id": a.ID, "timeout": timeout.String()})
	fail := func(summary, detail string) *apiclient.AgentIngress {
		plan.WaitForCertificate = types.BoolValue(false)
		if operation == "create" {
			detail += fmt.Sprintf("\n\nThe agent ingress %s (%s) exists and is saved in the state, marked tainted. After fixing "+
				"DNS, run terraform untaint on this resource, then apply again to resume waiting.", a.Domain, a.ID)
		} else {
			detail += "\n\nThe next apply waits again."
		}
		diags.AddError(summary, detail)
		return a
	}
	for {
		st := a.CertificateManagementStatus
		switch {
		case a.CertificateManagementPolicy == nil:
			return fail("Managed Certificate Not Issued", fmt.Sprintf("The certificate management policy of %s was removed while "+
				"the provider waited for its certificate.", a.Domain))
		case st != nil && st.ProvisioningJob != nil && st.ProvisioningJob.ErrorCode == apiclient.CertJobDNSError:
			return fail("Managed Certificate Not Issued", fmt.Sprintf("ngrok could not issue a certificate for %s: %s: %s\n\n"+
				"Create an NS record for %s with each of: %s.", a.Domain, st.ProvisioningJob.ErrorCode,
				strings.TrimSpace(st.ProvisioningJob.Msg), a.Domain, strings.Join(a.NSTargets, ", ")))
		case st != nil && st.ProvisioningJob == nil && st.RenewsAt != "":
			return a
		}
		timer := time.NewTimer(agentIngressPollInterval)
		select {
		case <-ctx.Done():
			timer.Stop()
			return fail("Timed Out Waiting for Managed Certificate", fmt.Sprintf("%v: the certificate of %s was not issued within %s. "+
				"Check the NS records, or raise timeouts if issuance is merely slow.", errNotIssued, a.Domain, timeout))
		case <-timer.C:
		}
		next, err := apiclient.AgentIngresses.Get(ctx, c, a.ID)
		if err != nil {
			if ctx.Err() != nil {
				return fail("Timed Out Waiting for Managed Certificate", fmt.Sprintf("%v: the certificate of %s was not issued within %s.",
					errNotIssued, a.Domain, timeout))
			}
			diags.Append(apiErrorDiagnostic("Unable to Read Agent Ingress While Waiting for Its Certificate", err))
			return a
		}
		a = next
	}
}
