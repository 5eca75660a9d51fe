package provider

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// An ID of the API is a prefix that names the kind of object, then base-62
// characters. The prefixes of the objects this provider manages or refers
// to are here, so that validators, import and identity descriptions agree.
const (
	reservedDomainIDPrefix          = "rd_"
	certificateIDPrefix             = "cert_"
	endpointConfigIDPrefix          = "ec_"
	endpointIDPrefix                = "ep_"
	sshCertificateAuthorityIDPrefix = "sshca_"
	sshHostCertificateIDPrefix      = "shcrt_"
	sshUserCertificateIDPrefix      = "sucrt_"
	httpsEdgeIDPrefix               = "edghts_"
	httpsEdgeRouteIDPrefix          = "edghtsrt_"
	tunnelGroupBackendIDPrefix      = "bkdtg_"
	httpResponseBackendIDPrefix     = "bkdhr_"
	failoverBackendIDPrefix         = "bkdfo_"
	weightedBackendIDPrefix         = "bkdwd_"
	staticBackendIDPrefix           = "bkdsc_"
	ipPolicyIDPrefix                = "ipp_"
	ipPolicyRuleIDPrefix            = "ipr_"
	tlsCertificateIDPrefix          = certificateIDPrefix
	credentialIDPrefix              = "cr_"
	apiKeyIDPrefix                  = "ak_"
	sshCredentialIDPrefix           = "sshcr_"
	userIDPrefix                    = "usr_"
	botUserIDPrefix                 = "bot_"
	vaultIDPrefix                   = "vault_"
	secretIDPrefix                  = "secret_"
	eventDestinationIDPrefix        = "ed_"
	eventSubscriptionIDPrefix       = "esb_"
	tunnelSessionIDPrefix           = "ts_"
	tunnelIDPrefix                  = "tn_"
	serviceUserIDPrefix             = "service_"
	agentIngressIDPrefix            = "agin_"
	reservedAddrIDPrefix            = "ra_"
	ipRestrictionIDPrefix           = "ipx_"
	certificateAuthorityIDPrefix    = "ca_"
	tcpEdgeIDPrefix                 = "edgtcp_"
	tlsEdgeIDPrefix                 = "edgtls_"
)

// Example IDs for messages.
const (
	exampleHTTPSEdgeID      = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
	exampleHTTPSEdgeRouteID = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
)

// exampleID is an ID of the given prefix, for messages.
func exampleID(prefix string) string {
	switch prefix {
	case httpsEdgeIDPrefix:
		return exampleHTTPSEdgeID
	case httpsEdgeRouteIDPrefix:
		return exampleHTTPSEdgeRouteID
	}
	return prefix + "2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

// isID reports whether s is an ID of the given prefix: the prefix, then one
// or more base-62 characters.
func isID(prefix, s string) bool {
	rest, ok := strings.CutPrefix(s, prefix)
	return ok && rest != "" && strings.Trim(rest, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") == ""
}

// idValidator accepts what isID accepts; noun names the object with its
// article ("a reserved domain").
func idValidator(prefix, noun string) validator.String {
	return stringvalidator.RegexMatches(regexp.MustCompile(`^`+regexp.QuoteMeta(prefix)+`[0-9A-Za-z]+$`),
		fmt.Sprintf("must be the ID of %s, starting with %s, such as %s", noun, prefix, exampleID(prefix)))
}
