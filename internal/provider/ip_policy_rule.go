package provider

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// ipPolicyRuleType is ngrok_ip_policy_rule: one CIDR of an IP policy,
// allowed or denied. The API cannot move a rule to another policy or change
// its action (its update takes description, metadata and cidr only), so
// those replace it; its CIDR changes in place.
var ipPolicyRuleType = &objectType[apiclient.IPPolicyRule, apiclient.IPPolicyRuleCreate, apiclient.IPPolicyRuleUpdate, ipPolicyRuleModel]{
	name: "ip_policy_rule", plural: "ip_policy_rules", noun: "IP policy rule", nouns: "IP policy rules", article: "an",
	idPrefix: ipPolicyRuleIDPrefix, api: apiclient.IPPolicyRules,
	description: "A rule of an IP policy: an IPv4 or IPv6 CIDR whose source IPs the policy allows or denies. " +
		"A policy's rules are independent resources, so that rules can be added and removed one by one.\n\n" +
		"The last rule of a policy that the `dashboard` IP restriction names cannot be deleted (`ERR_NGROK_1419`), " +
		"nor replaced (a new `action`): `create_before_destroy` does not help, as the new rule's `cidr` is the old " +
		"one's, which the policy holds until the old rule goes. Add another rule to the policy in an earlier apply. " +
		"When the restriction goes with the rule, give it `depends_on = [ngrok_ip_policy_rule.<name>]` so that " +
		"Terraform deletes it first.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the rule (`ipr_...`)."),
			"uri":         serverSetAttribute("API address of the rule."),
			"created_at":  serverSetAttribute("When the rule was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"ip_policy_id": schema.StringAttribute{
				Description:   fmt.Sprintf("ID of the IP policy the rule belongs to (`%s...`). Changing it replaces the rule.", ipPolicyIDPrefix),
				Required:      true,
				Validators:    []validator.String{idValidator(ipPolicyIDPrefix, "an IP policy")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"cidr": schema.StringAttribute{
				Description: "The source IPs of the rule: an IPv4 or IPv6 CIDR such as `203.0.113.0/24` or `2001:db8::/32`; " +
					"a single address with its length (`198.51.100.7/32`). The address must be the lowest of its range " +
					"(`10.0.0.0/8`, not `10.1.2.3/8`), as the API requires. Another spelling of the same IPv6 range " +
					"(upper case, zeros written out) is no change. Changed in place.",
				Required:   true,
				CustomType: cidrType{},
				PlanModifiers: []planmodifier.String{
					equivalentToState("another spelling of the same range keeps the prior value", equivalentCIDRs),
				},
			},
			"action": schema.StringAttribute{
				Description:   fmt.Sprintf("What the policy does with the rule's source IPs: %s. Changing it replaces the rule.", quotedList(ipPolicyRuleActions)),
				Required:      true,
				Validators:    []validator.String{stringvalidator.OneOf(ipPolicyRuleActions...)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
		}
	},
	dataSourceDescriptions: map[string]string{
		"ip_policy_id": "ID of the IP policy the rule belongs to.",
		"cidr":         "The source IPs of the rule, in CIDR notation.",
		"action":       "What the policy does with the rule's source IPs: " + quotedList(ipPolicyRuleActions) + ".",
	},
	fromAPI:  ipPolicyRuleModelFromAPI,
	toCreate: ipPolicyRuleModel.toCreate,
	toUpdate: ipPolicyRuleModel.toUpdate,
	displayName: func(r *apiclient.IPPolicyRule, _ ipPolicyRuleModel) string {
		return describedAs(r.Description, r.Action+" "+r.CIDR)
	},
	filterExample: "`obj.action == \"deny\"` or `obj.cidr.startsWith(\"10.\")`",
	listArgs: []listArg{{
		name:        "ip_policy_id",
		celPath:     "obj.ip_policy.id",
		description: "Lists only the rules of this IP policy (`ipp_...`), with any `filter` as well.",
		validators:  []validator.String{idValidator(ipPolicyIDPrefix, "an IP policy")},
	}},
	refreshWithin: "ip_policy_id",
	movesFrom:     []string{"ngrok_ip_policy_rule"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		return nil
	},
}

// Actions of an IP policy rule.
var ipPolicyRuleActions = []string{"allow", "deny"}

type ipPolicyRuleModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	IPPolicyID  types.String `tfsdk:"ip_policy_id"`
	CIDR        cidrValue    `tfsdk:"cidr"`
	Action      types.String `tfsdk:"action"`
}

func ipPolicyRuleModelFromAPI(r *apiclient.IPPolicyRule) (ipPolicyRuleModel, error) {
	return ipPolicyRuleModel{
		ID:          types.StringValue(r.ID),
		URI:         types.StringValue(r.URI),
		CreatedAt:   types.StringValue(r.CreatedAt),
		Description: types.StringValue(r.Description),
		Metadata:    types.StringValue(r.Metadata),
		IPPolicyID:  types.StringValue(r.IPPolicy.ID),
		CIDR:        newCIDRValue(r.CIDR),
		Action:      types.StringValue(r.Action),
	}, nil
}

func (m ipPolicyRuleModel) toCreate() *apiclient.IPPolicyRuleCreate {
	return &apiclient.IPPolicyRuleCreate{
		Description: m.Description.ValueString(),
		Metadata:    m.Metadata.ValueString(),
		CIDR:        m.CIDR.ValueString(),
		IPPolicyID:  m.IPPolicyID.ValueString(),
		Action:      m.Action.ValueString(),
	}
}

func (m ipPolicyRuleModel) toUpdate() *apiclient.IPPolicyRuleUpdate {
	return &apiclient.IPPolicyRuleUpdate{
		Description: m.Description.ValueStringPointer(),
		Metadata:    m.Metadata.ValueStringPointer(),
		CIDR:        m.CIDR.ValueStringPointer(),
	}
}

// A rule's CIDR compares by meaning: 2001:DB8::/32 and 2001:db8::/32 are
// one range, so that writing either is no diff, whichever the API returns.

var (
	_ basetypes.StringTypable                    = cidrType{}
	_ basetypes.StringValuableWithSemanticEquals = cidrValue{}
	_ xattr.ValidateableAttribute                = cidrValue{}
)

type cidrType struct {
	basetypes.StringType
}

func (t cidrType) String() string { return "cidrType" }

func (t cidrType) Equal(o attr.Type) bool {
	other, ok := o.(cidrType)
	return ok && t.StringType.Equal(other.StringType)
}

func (t cidrType) ValueType(context.Context) attr.Value { return cidrValue{} }

func (t cidrType) ValueFromString(_ context.Context, in basetypes.StringValue) (basetypes.StringValuable, diag.Diagnostics) {
	return cidrValue{StringValue: in}, nil
}

func (t cidrType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	s, err := stringFromTerraform(ctx, in)
	return cidrValue{StringValue: s}, err
}

// cidrValue is a CIDR as written.
type cidrValue struct {
	basetypes.StringValue
}

func newCIDRValue(s string) cidrValue { return cidrValue{StringValue: basetypes.NewStringValue(s)} }

func (v cidrValue) Type(context.Context) attr.Type { return cidrType{} }

func (v cidrValue) Equal(o attr.Value) bool {
	other, ok := o.(cidrValue)
	return ok && v.StringValue.Equal(other.StringValue)
}

func (v cidrValue) StringSemanticEquals(_ context.Context, newValuable basetypes.StringValuable) (bool, diag.Diagnostics) {
	return semanticallyEqual(v, newValuable, equivalentCIDRs)
}

func (v cidrValue) ValidateAttribute(_ context.Context, req xattr.ValidateAttributeRequest, resp *xattr.ValidateAttributeResponse) {
	if v.IsNull() || v.IsUnknown() {
		return
	}
	if _, err := parseRuleCIDR(v.ValueString()); err != nil {
		detail := fmt.Sprintf("The CIDR %q cannot be used: %s", v.ValueString(), err)
		if !strings.HasSuffix(detail, "?") {
			detail += "."
		}
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid CIDR", detail)
	}
}

func equivalentCIDRs(a, b string) bool {
	if a == b {
		return true
	}
	pa, errA := parseRuleCIDR(a)
	pb, errB := parseRuleCIDR(b)
	return errA == nil && errB == nil && pa == pb
}

// parseRuleCIDR reads a rule's CIDR as the API does: an IPv4 or IPv6
// prefix, with its length, whose address is the lowest of its range.
//
// NOTE: the API refuses a bare address (ERR_NGROK_1413) and an address with
// host bits set (ERR_NGROK_1409, "must be specified using the lowest IP
// address in the range. Did you mean ...?") rather than completing or
// masking them; the plan says so first, with the same suggestion. What it
// does rewrite (upper-case or uncompressed IPv6) compares equal here.
func parseRuleCIDR(s string) (netip.Prefix, error) {
	const want = "expected an IP range in CIDR notation, such as 203.0.113.0/24 or 2001:db8::/32"
	if strings.TrimSpace(s) != s || s == "" {
		return netip.Prefix{}, errors.New(want + ", without spaces")
	}
	if !strings.Contains(s, "/") {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, errors.New(want)
		}
		return netip.Prefix{}, fmt.Errorf("a single address needs its prefix length too: did you mean %s?",
			netip.PrefixFrom(a.WithZone(""), a.BitLen()))
	}
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, errors.New(want)
	}
	if p.Addr().Is4In6() {
		return netip.Prefix{}, fmt.Errorf("write an IPv4 range in IPv4 notation (%s)", netip.PrefixFrom(p.Addr().Unmap(), max(p.Bits()-96, 0)).Masked())
	}
	if m := p.Masked(); m != p {
		return netip.Prefix{}, fmt.Errorf("the address must be the lowest of its range: did you mean %s?", m)
	}
	return p, nil
}
