package provider

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Values of a reserved domain's settings. Each list drives both the
// validator and the attribute description.
const (
	certAuthorityLetsEncrypt = "letsencrypt"
	defaultCertAuthority     = certAuthorityLetsEncrypt
	defaultCertKeyType       = keyTypeECDSA

	// defaultCertificateTimeout bounds wait_for_certificate when timeouts
	// says nothing: Let's Encrypt usually issues within minutes.
	defaultCertificateTimeout = 15 * time.Minute
)

var (
	reservedDomainRegions = []string{"au", "eu", "ap", "us", "jp", "in", "sa"}
	// reservedDomainPoPs are the points of presence resolves_to pins a
	// domain to (ngrok's docs, Points of Presence); apiclient.ResolvesToGlobal
	// stands for all of them.
	reservedDomainPoPs = []string{"ap", "au", "eu", "in", "jp", "sa", "us", "us-cal-1"}
	certAuthorities    = []string{certAuthorityLetsEncrypt}
	certKeyTypes       = []string{keyTypeRSA, keyTypeECDSA}
	// serviceOwnedDomains are the domains whose subdomains ngrok owns: such a
	// reservation needs no DNS records and takes no certificate settings.
	serviceOwnedDomains = []string{"ngrok.app", "ngrok.dev", "ngrok.pizza", "ngrok-free.app", "ngrok-free.dev", "ngrok-free.pizza", "ngrok.io"}
)

// Attribute types of the nested objects.
var (
	apiRefAttrTypes = map[string]attr.Type{
		"id":  types.StringType,
		"uri": types.StringType,
	}
	certPolicyAttrTypes = map[string]attr.Type{
		"authority":        types.StringType,
		"private_key_type": types.StringType,
	}
	certJobAttrTypes = map[string]attr.Type{
		"error_code": types.StringType,
		"msg":        types.StringType,
		"started_at": types.StringType,
		"retries_at": types.StringType,
	}
	certStatusAttrTypes = map[string]attr.Type{
		"renews_at":        types.StringType,
		"provisioning_job": types.ObjectType{AttrTypes: certJobAttrTypes},
	}
	timeoutsAttrTypes = map[string]attr.Type{
		"create": types.StringType,
		"update": types.StringType,
	}
)

// reservedDomainModel is the resource's state.
type reservedDomainModel struct {
	ID                           types.String `tfsdk:"id"`
	URI                          types.String `tfsdk:"uri"`
	CreatedAt                    types.String `tfsdk:"created_at"`
	Domain                       types.String `tfsdk:"domain"`
	Region                       types.String `tfsdk:"region"`
	Description                  types.String `tfsdk:"description"`
	Metadata                     types.String `tfsdk:"metadata"`
	CertificateID                types.String `tfsdk:"certificate_id"`
	AutomaticCertificates        types.Bool   `tfsdk:"automatic_certificates"`
	CertificateManagementPolicy  types.Object `tfsdk:"certificate_management_policy"`
	HTTPEndpointConfigurationID  types.String `tfsdk:"http_endpoint_configuration_id"`
	HTTPSEndpointConfigurationID types.String `tfsdk:"https_endpoint_configuration_id"`
	ResolvesTo                   types.Set    `tfsdk:"resolves_to"`
	CNAMETarget                  types.String `tfsdk:"cname_target"`
	ACMEChallengeCNAMETarget     types.String `tfsdk:"acme_challenge_cname_target"`
	Certificate                  types.Object `tfsdk:"certificate"`
	CertificateManagementStatus  types.Object `tfsdk:"certificate_management_status"`
	WaitForCertificate           types.Bool   `tfsdk:"wait_for_certificate"`
	DeletionProtection           types.Bool   `tfsdk:"deletion_protection"`
	Timeouts                     types.Object `tfsdk:"timeouts"`
}

// reservedDomainModelFromAPI maps an API object onto the model. Values the
// API does not return (region, wait_for_certificate, timeouts) are null:
// withConfigured carries them over from the plan or the prior state.
//
// certificate_id is the uploaded certificate: the API's certificate when no
// policy manages it. A managed certificate shows only in `certificate`, so
// that a configuration with a policy and no certificate_id plans no change.
// automatic_certificates says whether a policy is attached; null on a
// subdomain of an ngrok domain, where it does not apply.
func reservedDomainModelFromAPI(d *apiclient.ReservedDomain) reservedDomainModel {
	m := reservedDomainModel{
		ID:                           types.StringValue(d.ID),
		URI:                          types.StringValue(d.URI),
		CreatedAt:                    types.StringValue(d.CreatedAt),
		Domain:                       types.StringValue(d.Domain),
		Region:                       types.StringNull(),
		Description:                  types.StringValue(d.Description),
		Metadata:                     types.StringValue(d.Metadata),
		CertificateID:                types.StringNull(),
		AutomaticCertificates:        types.BoolValue(d.CertificateManagementPolicy != nil),
		CertificateManagementPolicy:  certPolicyObject(d.CertificateManagementPolicy),
		HTTPEndpointConfigurationID:  apiRefID(d.HTTPEndpointConfiguration),
		HTTPSEndpointConfigurationID: apiRefID(d.HTTPSEndpointConfiguration),
		ResolvesTo:                   resolvesToSet(d.ResolvesTo),
		CNAMETarget:                  stringOrNull(d.CNAMETarget),
		ACMEChallengeCNAMETarget:     stringOrNull(d.ACMEChallengeCNAMETarget),
		Certificate:                  apiRefObject(d.Certificate),
		CertificateManagementStatus:  certStatusObject(d.CertificateManagementStatus),
		WaitForCertificate:           types.BoolNull(),
		DeletionProtection:           types.BoolNull(),
		Timeouts:                     types.ObjectNull(timeoutsAttrTypes),
	}
	if d.CertificateManagementPolicy == nil && d.Certificate != nil {
		m.CertificateID = types.StringValue(d.Certificate.ID)
	}
	if isServiceOwnedDomain(d.Domain) {
		m.AutomaticCertificates = types.BoolNull()
	}
	return m
}

// withConfigured takes from prior (the plan, or the state before a refresh)
// what the API does not hold: region (accepted and ignored by the API),
// wait_for_certificate, deletion_protection, timeouts, the spelling of domain, which the API
// normalises (lower case, no trailing dot): the configured spelling is kept
// while it names the same domain, so that "Example.COM." plans no change;
// and the spelling of global resolution: ["global"], which the API answers
// as no points of presence.
func (m reservedDomainModel) withConfigured(prior reservedDomainModel) reservedDomainModel {
	m.Region = prior.Region
	if resolvesGlobally(m.ResolvesTo) && !prior.ResolvesTo.IsNull() && resolvesGlobally(prior.ResolvesTo) {
		m.ResolvesTo = prior.ResolvesTo
	}
	m.WaitForCertificate = prior.WaitForCertificate
	if m.WaitForCertificate.IsNull() || m.WaitForCertificate.IsUnknown() {
		m.WaitForCertificate = types.BoolValue(false)
	}
	m.DeletionProtection = prior.DeletionProtection
	if m.DeletionProtection.IsNull() || m.DeletionProtection.IsUnknown() {
		m.DeletionProtection = types.BoolValue(false)
	}
	if !prior.Timeouts.IsUnknown() {
		m.Timeouts = prior.Timeouts
	}
	if !prior.Domain.IsNull() && !prior.Domain.IsUnknown() && normalizeDomainName(prior.Domain.ValueString()) == m.Domain.ValueString() {
		m.Domain = prior.Domain
	}
	return m
}

// sameSettings reports whether every configurable attribute of the plan m
// is as it is in the state, so that applying it would change nothing.
func (m reservedDomainModel) sameSettings(state reservedDomainModel) bool {
	return m.Domain.Equal(state.Domain) && m.Region.Equal(state.Region) &&
		m.Description.Equal(state.Description) && m.Metadata.Equal(state.Metadata) &&
		m.CertificateID.Equal(state.CertificateID) && m.CertificateManagementPolicy.Equal(state.CertificateManagementPolicy) &&
		m.AutomaticCertificates.Equal(state.AutomaticCertificates) &&
		m.HTTPEndpointConfigurationID.Equal(state.HTTPEndpointConfigurationID) &&
		m.HTTPSEndpointConfigurationID.Equal(state.HTTPSEndpointConfigurationID) &&
		m.ResolvesTo.Equal(state.ResolvesTo) &&
		m.WaitForCertificate.Equal(state.WaitForCertificate) && m.DeletionProtection.Equal(state.DeletionProtection) &&
		m.Timeouts.Equal(state.Timeouts)
}

func (m reservedDomainModel) toCreate() *apiclient.ReservedDomainCreate {
	return &apiclient.ReservedDomainCreate{
		Domain:                      normalizeDomainName(m.Domain.ValueString()),
		Region:                      m.Region.ValueString(),
		Description:                 m.Description.ValueString(),
		Metadata:                    m.Metadata.ValueString(),
		CertificateID:               m.CertificateID.ValueString(),
		CertificateManagementPolicy: certPolicyFromObject(m.CertificateManagementPolicy),
		ResolvesTo:                  resolvesToEntries(m.ResolvesTo),
	}
}

// reservedDomainChanges is what an update sends: one PATCH, then the
// detaches that the PATCH cannot express.
type reservedDomainChanges struct {
	patch             *apiclient.ReservedDomainUpdate
	detachPolicy      bool
	detachCertificate bool
}

// toUpdate compares the plan m with the state and returns the calls that
// make the API match the plan. The configuration is the truth: an uploaded
// certificate is detached unless configured, automatic certificates are
// attached (with ngrok's default policy when the plan leaves it to ngrok)
// unless turned off, and setting one replaces the other in the same PATCH
// (the API swaps them). Settings that did not change are not sent, so that
// repeating a policy never restarts its provisioning.
func (m reservedDomainModel) toUpdate(state reservedDomainModel) reservedDomainChanges {
	patch := &apiclient.ReservedDomainUpdate{
		Description: m.Description.ValueStringPointer(),
		Metadata:    m.Metadata.ValueStringPointer(),
	}
	if !m.HTTPEndpointConfigurationID.Equal(state.HTTPEndpointConfigurationID) {
		patch.HTTPEndpointConfigurationID = new(m.HTTPEndpointConfigurationID.ValueString())
	}
	if !m.HTTPSEndpointConfigurationID.Equal(state.HTTPSEndpointConfigurationID) {
		patch.HTTPSEndpointConfigurationID = new(m.HTTPSEndpointConfigurationID.ValueString())
	}
	if !m.ResolvesTo.Equal(state.ResolvesTo) {
		patch.ResolvesTo = resolvesToEntries(m.ResolvesTo)
		if len(patch.ResolvesTo) == 0 {
			// NOTE: "global" un-pins; ngrok's own Go client cannot send an
			// empty list (omitempty), so this is the form the API must take.
			patch.ResolvesTo = []apiclient.ReservedDomainResolvesToEntry{{Value: apiclient.ResolvesToGlobal}}
		}
	}

	statePolicy := certPolicyFromObject(state.CertificateManagementPolicy)
	planCert, stateCert := m.CertificateID.ValueString(), state.CertificateID.ValueString()
	automatic := m.AutomaticCertificates.ValueBool()
	switch {
	case planCert != "":
		if planCert != stateCert || statePolicy != nil {
			patch.CertificateID = &planCert
		}
	case automatic:
		planPolicy := certPolicyFromObject(m.CertificateManagementPolicy)
		switch {
		case planPolicy == nil && (statePolicy == nil || stateCert != ""):
			// NOTE: the plan leaves the policy to ngrok: an empty one takes
			// the API's defaults.
			patch.CertificateManagementPolicy = &apiclient.ReservedDomainCertPolicy{}
		case planPolicy != nil && (statePolicy == nil || *planPolicy != *statePolicy || stateCert != ""):
			patch.CertificateManagementPolicy = planPolicy
		}
	}
	none := planCert == "" && !automatic
	return reservedDomainChanges{
		patch:             patch,
		detachPolicy:      none && statePolicy != nil,
		detachCertificate: none && stateCert != "",
	}
}

// plannedCertificates is what a plan holds for automatic_certificates and
// certificate_management_policy, from the planned domain and certificate_id,
// the configured automatic_certificates and policy, the planned policy (with
// its defaults) and the policy in the state (null on a create):
//
//   - on a subdomain of an ngrok domain, neither applies: both null;
//   - with certificate_id, or automatic_certificates = false, no policy;
//   - otherwise automatic certificates: the configured policy, else the one
//     the domain has, else ngrok's default, unknown until the API answers.
//
// Values not known yet at plan time give unknowns where they decide.
func plannedCertificates(domain, certificateID types.String, cfgAuto types.Bool, cfgPolicy, planPolicy, statePolicy types.Object) (types.Bool, types.Object) {
	unknown := types.ObjectUnknown(certPolicyAttrTypes)
	none := types.ObjectNull(certPolicyAttrTypes)
	switch {
	case !domain.IsUnknown() && !domain.IsNull() && isServiceOwnedDomain(domain.ValueString()):
		return types.BoolNull(), none
	case !certificateID.IsNull():
		return types.BoolValue(false), none
	case cfgAuto.Equal(types.BoolValue(false)):
		return types.BoolValue(false), none
	case domain.IsUnknown() || cfgAuto.IsUnknown():
		if !cfgPolicy.IsNull() {
			return types.BoolUnknown(), planPolicy
		}
		return types.BoolUnknown(), unknown
	case !cfgPolicy.IsNull():
		return types.BoolValue(true), planPolicy
	case !statePolicy.IsNull() && !statePolicy.IsUnknown():
		return types.BoolValue(true), statePolicy
	}
	return types.BoolValue(true), unknown
}

// certificateProgress is where a managed certificate stands.
type certificateProgress int

const (
	certificatePending  certificateProgress = iota // being provisioned, or failing temporarily
	certificateIssued                              // issued; nothing being provisioned
	certificateFailed                              // DNS_ERROR: the user must act
	certificateNoPolicy                            // no policy: nothing will be issued
)

func managedCertificateProgress(d *apiclient.ReservedDomain) certificateProgress {
	switch st := d.CertificateManagementStatus; {
	case d.CertificateManagementPolicy == nil:
		return certificateNoPolicy
	case st != nil && st.ProvisioningJob != nil && st.ProvisioningJob.ErrorCode == apiclient.CertJobDNSError:
		return certificateFailed
	case d.Certificate != nil && st != nil && st.ProvisioningJob == nil:
		// NOTE: a null status is no news: right after a PATCH attaches a
		// policy the API answers null, with the certificate served before
		// (the one of another key type) until the new job ends.
		return certificateIssued
	}
	return certificatePending
}

// dnsRecordsHint lists the DNS records a custom domain needs; "" for a
// service-owned one.
func dnsRecordsHint(d *apiclient.ReservedDomain) string {
	if d.CNAMETarget == "" {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Create these DNS records:\n  %s CNAME %s", d.Domain, d.CNAMETarget)
	if base, ok := strings.CutPrefix(d.Domain, "*."); ok && d.ACMEChallengeCNAMETarget != "" {
		fmt.Fprintf(&b, "\n  _acme-challenge.%s CNAME %s", base, d.ACMEChallengeCNAMETarget)
	}
	return b.String()
}

// timeoutFor is the configured timeouts.<operation>, or the default. The
// value was validated at plan time.
func timeoutFor(timeouts types.Object, operation string) time.Duration {
	if timeouts.IsNull() || timeouts.IsUnknown() {
		return defaultCertificateTimeout
	}
	v, ok := timeouts.Attributes()[operation].(types.String)
	if !ok || v.IsNull() || v.IsUnknown() {
		return defaultCertificateTimeout
	}
	d, err := checkDuration(v.ValueString(), 0)
	if err != nil {
		return defaultCertificateTimeout
	}
	return d
}

// normalizeDomainName is a domain as the API stores it: lower case, without
// the trailing dot of a fully qualified name.
func normalizeDomainName(s string) string {
	return strings.TrimSuffix(strings.ToLower(s), ".")
}

// equivalentDomainNames reports whether two spellings name the same domain.
func equivalentDomainNames(a, b string) bool {
	return normalizeDomainName(a) == normalizeDomainName(b)
}

// checkDomainName explains why s cannot be reserved, or returns nil. It
// applies the API's rules (hostname labels, optional leading wildcard) to
// the normalised name.
func checkDomainName(s string) error {
	name := normalizeDomainName(s)
	if len(name) > 253 {
		return fmt.Errorf("%q is longer than 253 bytes", s)
	}
	host := strings.TrimPrefix(name, "*.")
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return fmt.Errorf("%q needs at least two labels, such as app.example.com", s)
	}
	for _, label := range labels {
		switch {
		case label == "":
			return fmt.Errorf("%q has an empty label", s)
		case len(label) > 63:
			return fmt.Errorf("the label %q of %q is longer than 63 bytes", label, s)
		case strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-"):
			return fmt.Errorf("the label %q of %q starts or ends with a hyphen", label, s)
		case strings.Contains(label, "*"):
			return fmt.Errorf("%q has a wildcard that is not the whole first label; write a wildcard domain as *.example.com", s)
		case strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-") != "":
			return fmt.Errorf("the label %q of %q has characters other than letters, digits and hyphens", label, s)
		}
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		return fmt.Errorf("%q is an IP address, not a domain", s)
	}
	if slices.Contains(serviceOwnedDomains, host) {
		return fmt.Errorf("%q belongs to ngrok; reserve a subdomain of it, such as myapp.%s", s, host)
	}
	return nil
}

func isServiceOwnedDomain(s string) bool {
	name := normalizeDomainName(s)
	return slices.ContainsFunc(serviceOwnedDomains, func(base string) bool { return strings.HasSuffix(name, "."+base) })
}

// resolvesToSet is the API's resolves_to as a set of point-of-presence
// codes, "global" left out: the empty set for global resolution.
func resolvesToSet(entries []apiclient.ReservedDomainResolvesToEntry) types.Set {
	values := make([]attr.Value, 0, len(entries))
	for _, e := range entries {
		if e.Value != apiclient.ResolvesToGlobal {
			values = append(values, types.StringValue(e.Value))
		}
	}
	return types.SetValueMust(types.StringType, values)
}

// resolvesToEntries is a planned resolves_to as the API's entries, sorted;
// nil for global resolution (null, empty, or "global" alone).
func resolvesToEntries(s types.Set) []apiclient.ReservedDomainResolvesToEntry {
	if s.IsNull() || s.IsUnknown() {
		return nil
	}
	var values []string
	for _, v := range s.Elements() {
		if str, ok := v.(types.String); ok && !str.IsNull() && !str.IsUnknown() && str.ValueString() != apiclient.ResolvesToGlobal {
			values = append(values, str.ValueString())
		}
	}
	slices.Sort(values)
	var entries []apiclient.ReservedDomainResolvesToEntry
	for _, v := range values {
		entries = append(entries, apiclient.ReservedDomainResolvesToEntry{Value: v})
	}
	return entries
}

// resolvesGlobally reports whether a known resolves_to means global
// resolution: null, empty, or "global" alone.
func resolvesGlobally(s types.Set) bool {
	if s.IsUnknown() {
		return false
	}
	elems := s.Elements()
	switch len(elems) {
	case 0:
		return true
	case 1:
		v, ok := elems[0].(types.String)
		return ok && v.Equal(types.StringValue(apiclient.ResolvesToGlobal))
	}
	return false
}

// sameResolution reports whether two values of resolves_to mean the same:
// the same points of presence, or global resolution however spelled.
func sameResolution(a, b types.Set) bool {
	return a.Equal(b) || (resolvesGlobally(a) && resolvesGlobally(b))
}

func stringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

func apiRefID(r *apiclient.Ref) types.String {
	if r == nil {
		return types.StringNull()
	}
	return types.StringValue(r.ID)
}

func apiRefObject(r *apiclient.Ref) types.Object {
	if r == nil {
		return types.ObjectNull(apiRefAttrTypes)
	}
	return types.ObjectValueMust(apiRefAttrTypes, map[string]attr.Value{
		"id":  types.StringValue(r.ID),
		"uri": types.StringValue(r.URI),
	})
}

func certPolicyObject(p *apiclient.ReservedDomainCertPolicy) types.Object {
	if p == nil {
		return types.ObjectNull(certPolicyAttrTypes)
	}
	return types.ObjectValueMust(certPolicyAttrTypes, map[string]attr.Value{
		"authority":        types.StringValue(p.Authority),
		"private_key_type": types.StringValue(p.PrivateKeyType),
	})
}

// certPolicyFromObject reads a planned or stored policy; nil when there is
// none. An attribute left empty takes the API's default, as the schema's
// defaults do.
func certPolicyFromObject(o types.Object) *apiclient.ReservedDomainCertPolicy {
	if o.IsNull() || o.IsUnknown() {
		return nil
	}
	p := &apiclient.ReservedDomainCertPolicy{Authority: defaultCertAuthority, PrivateKeyType: defaultCertKeyType}
	attrs := o.Attributes()
	if v, ok := attrs["authority"].(types.String); ok && v.ValueString() != "" {
		p.Authority = v.ValueString()
	}
	if v, ok := attrs["private_key_type"].(types.String); ok && v.ValueString() != "" {
		p.PrivateKeyType = v.ValueString()
	}
	return p
}

func certStatusObject(st *apiclient.ReservedDomainCertStatus) types.Object {
	if st == nil {
		return types.ObjectNull(certStatusAttrTypes)
	}
	job := types.ObjectNull(certJobAttrTypes)
	if j := st.ProvisioningJob; j != nil {
		job = types.ObjectValueMust(certJobAttrTypes, map[string]attr.Value{
			"error_code": stringOrNull(j.ErrorCode),
			"msg":        types.StringValue(j.Msg),
			"started_at": stringOrNull(j.StartedAt),
			"retries_at": stringOrNull(j.RetriesAt),
		})
	}
	return types.ObjectValueMust(certStatusAttrTypes, map[string]attr.Value{
		"renews_at":        stringOrNull(st.RenewsAt),
		"provisioning_job": job,
	})
}

// reservedDomainDataModel is one reserved domain as the data sources show
// it: the API's object, references as {id, uri}. region is left out: the API
// always returns "".
type reservedDomainDataModel struct {
	ID                          types.String `tfsdk:"id"`
	URI                         types.String `tfsdk:"uri"`
	CreatedAt                   types.String `tfsdk:"created_at"`
	Domain                      types.String `tfsdk:"domain"`
	Description                 types.String `tfsdk:"description"`
	Metadata                    types.String `tfsdk:"metadata"`
	CNAMETarget                 types.String `tfsdk:"cname_target"`
	ACMEChallengeCNAMETarget    types.String `tfsdk:"acme_challenge_cname_target"`
	Certificate                 types.Object `tfsdk:"certificate"`
	CertificateManagementPolicy types.Object `tfsdk:"certificate_management_policy"`
	CertificateManagementStatus types.Object `tfsdk:"certificate_management_status"`
	HTTPEndpointConfiguration   types.Object `tfsdk:"http_endpoint_configuration"`
	HTTPSEndpointConfiguration  types.Object `tfsdk:"https_endpoint_configuration"`
	ResolvesTo                  types.Set    `tfsdk:"resolves_to"`
}

func reservedDomainDataModelFromAPI(d *apiclient.ReservedDomain) reservedDomainDataModel {
	return reservedDomainDataModel{
		ID:                          types.StringValue(d.ID),
		URI:                         types.StringValue(d.URI),
		CreatedAt:                   types.StringValue(d.CreatedAt),
		Domain:                      types.StringValue(d.Domain),
		Description:                 types.StringValue(d.Description),
		Metadata:                    types.StringValue(d.Metadata),
		CNAMETarget:                 stringOrNull(d.CNAMETarget),
		ACMEChallengeCNAMETarget:    stringOrNull(d.ACMEChallengeCNAMETarget),
		Certificate:                 apiRefObject(d.Certificate),
		CertificateManagementPolicy: certPolicyObject(d.CertificateManagementPolicy),
		CertificateManagementStatus: certStatusObject(d.CertificateManagementStatus),
		HTTPEndpointConfiguration:   apiRefObject(d.HTTPEndpointConfiguration),
		HTTPSEndpointConfiguration:  apiRefObject(d.HTTPSEndpointConfiguration),
		ResolvesTo:                  resolvesToSet(d.ResolvesTo),
	}
}
