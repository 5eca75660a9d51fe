package mockserver

import (
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"maps"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/crypto/ssh"
)

// Validity when valid_until is omitted, counted from valid_after [real].
const defaultUserCertValidity = 24 * time.Hour

func defaultHostCertValidUntil(after time.Time) time.Time { return after.AddDate(1, 0, 0) }

// The critical options a user certificate may carry [real]; OpenSSH defines
// no others.
const (
	optForceCommand  = "force-command"
	optSourceAddress = "source-address"
)

// flagExtensions are the extensions OpenSSH defines; each is a flag whose
// value must be empty. Any other extension must be a vendor extension,
// name@domain, which may carry a value (PROTOCOL.certkeys) [ours: the real
// API's rules are unknown].
var flagExtensions = []string{
	"no-touch-required",
	"permit-X11-forwarding",
	"permit-agent-forwarding",
	"permit-port-forwarding",
	"permit-pty",
	"permit-user-rc",
}

// defaultUserCertExtensions applies when a create omits extensions (or sends
// null) [real]. An explicit {} means no extensions at all [ours].
func defaultUserCertExtensions() map[string]string {
	return map[string]string{"permit-pty": "", "permit-user-rc": ""}
}

// maxRFC3339 is the last second RFC 3339 can write (9999-12-31T23:59:59Z).
var maxRFC3339 = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)

// maxPrincipals bounds the principals of one certificate [ours]: the real API
// states no limit, and without one a single request could make the server
// sign a certificate of a hundred thousand names.
const maxPrincipals = 256

// minRSABits is the smallest RSA key OpenSSH accepts (SSH_RSA_MINIMUM_MODULUS_SIZE);
// certifying a smaller one would make a certificate no server honours.
const minRSABits = 1024

// An authority cannot be deleted while a certificate it signed exists
// (ERR_NGROK_1964 [real], ssh_certificate_authorities.go); deleting a
// certificate revokes nothing: it stays valid until valid_until. A create
// naming an authority that was deleted meanwhile is refused: the check is
// repeated under the store lock when the certificate is stored, so no
// certificate is ever signed after its authority was deleted.

// sshCert is a stored host or user certificate. The slices and maps are
// never changed after creation (PATCH touches only description and
// metadata), so copies of the struct may share them.
type sshCert struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	CAID        string    `json:"ssh_certificate_authority_id"`
	PublicKey   string    `json:"public_key"` // exactly as the client sent it
	KeyType     string    `json:"key_type"`
	Principals  []string  `json:"principals"`
	ValidAfter  time.Time `json:"valid_after"`
	ValidUntil  time.Time `json:"valid_until"`
	// user certificates only
	CriticalOptions map[string]string `json:"critical_options,omitempty"`
	Extensions      map[string]string `json:"extensions,omitempty"`

	Serial      uint64 `json:"serial"`      // 0 since certificates have serial 0 (sign); a state file may hold others
	Certificate string `json:"certificate"` // "<type>-cert-v01@openssh.com <base64> <id>"
}

// sshCertWire is the response shape of a host certificate, and the part
// of a user certificate's that precedes the options.
type sshCertWire struct {
	ID                        string   `json:"id"`
	URI                       string   `json:"uri"`
	CreatedAt                 string   `json:"created_at"`
	Description               string   `json:"description,omitempty"`
	Metadata                  string   `json:"metadata,omitempty"`
	PublicKey                 string   `json:"public_key"`
	KeyType                   string   `json:"key_type"`
	SSHCertificateAuthorityID string   `json:"ssh_certificate_authority_id"`
	Principals                []string `json:"principals"`
	ValidAfter                string   `json:"valid_after"`
	ValidUntil                string   `json:"valid_until"`
	Certificate               string   `json:"certificate"`
}

// sshHostCertWire is the response shape of a host certificate.
type sshHostCertWire = sshCertWire

// sshUserCertWire is the response shape of a user certificate: a host
// certificate's fields plus the options, which are always present [real].
type sshUserCertWire struct {
	sshCertWire
	CriticalOptions map[string]string `json:"critical_options"`
	Extensions      map[string]string `json:"extensions"`
}

// sshHostCertCreate is the create body of a host certificate. A host
// certificate has no options: sending critical_options or extensions is an
// unknown field (214).
type sshHostCertCreate struct {
	SSHCertificateAuthorityID string   `json:"ssh_certificate_authority_id"`
	PublicKey                 string   `json:"public_key"`
	Principals                []string `json:"principals"`
	ValidAfter                string   `json:"valid_after"`
	ValidUntil                string   `json:"valid_until"`
	Description               string   `json:"description"`
	Metadata                  string   `json:"metadata"`
}

// sshUserCertCreate is the create body of a user certificate. A null or
// absent map is omitted (defaults apply); {} is an explicit empty map.
// NOTE: flat rather than embedding sshHostCertCreate, because decode.go's
// check of field names reads no embedded structs.
type sshUserCertCreate struct {
	SSHCertificateAuthorityID string            `json:"ssh_certificate_authority_id"`
	PublicKey                 string            `json:"public_key"`
	Principals                []string          `json:"principals"`
	CriticalOptions           map[string]string `json:"critical_options"`
	Extensions                map[string]string `json:"extensions"`
	ValidAfter                string            `json:"valid_after"`
	ValidUntil                string            `json:"valid_until"`
	Description               string            `json:"description"`
	Metadata                  string            `json:"metadata"`
}

func (in *sshHostCertCreate) certRequest() certRequest {
	return certRequest{
		certType:    ssh.HostCert,
		caID:        in.SSHCertificateAuthorityID,
		publicKey:   in.PublicKey,
		principals:  in.Principals,
		validAfter:  in.ValidAfter,
		validUntil:  in.ValidUntil,
		description: in.Description,
		metadata:    in.Metadata,
	}
}

func (in *sshUserCertCreate) certRequest() certRequest {
	return certRequest{
		certType:        ssh.UserCert,
		caID:            in.SSHCertificateAuthorityID,
		publicKey:       in.PublicKey,
		principals:      in.Principals,
		validAfter:      in.ValidAfter,
		validUntil:      in.ValidUntil,
		description:     in.Description,
		metadata:        in.Metadata,
		criticalOptions: in.CriticalOptions,
		extensions:      in.Extensions,
	}
}

func (c *sshCert) wire(origin, collection string) sshCertWire {
	return sshCertWire{
		ID:                        c.ID,
		URI:                       objectURI(origin, collection, c.ID),
		CreatedAt:                 formatTime(c.CreatedAt),
		Description:               c.Description,
		Metadata:                  c.Metadata,
		PublicKey:                 c.PublicKey,
		KeyType:                   c.KeyType,
		SSHCertificateAuthorityID: c.CAID,
		Principals:                nonNil(c.Principals),
		ValidAfter:                formatTime(c.ValidAfter),
		ValidUntil:                formatTime(c.ValidUntil),
		Certificate:               c.Certificate,
	}
}

func (c *sshCert) hostWire(origin string) sshHostCertWire { return c.wire(origin, collSSHHostCerts) }

func (c *sshCert) userWire(origin string) sshUserCertWire {
	return sshUserCertWire{
		sshCertWire:     c.wire(origin, collSSHUserCerts),
		CriticalOptions: nonNilMap(c.CriticalOptions),
		Extensions:      nonNilMap(c.Extensions),
	}
}

// sshCertListQuery: certificate lists take no filter [real: filter exists on
// reserved domains, SSH certificate authorities and endpoints only].
var sshCertListQuery = []string{"limit", "before_id"}

func (s *Server) sshCertificateRoutes() []route {
	return slices.Concat(
		sshCertKindRoutes[sshHostCertCreate](s, s.hostCerts, collSSHHostCerts, (*sshCert).hostWire),
		sshCertKindRoutes[sshUserCertCreate](s, s.userCerts, collSSHUserCerts, (*sshCert).userWire),
	)
}

// sshCertKindRoutes are the routes of one kind of certificate, whose create
// body is a B and whose response is a W. The kinds differ in nothing else.
func sshCertKindRoutes[B any, PB interface {
	*B
	certRequest() certRequest
}, W any](s *Server, t *table[sshCert], collection string, toWire func(*sshCert, string) W) []route {
	ids := map[string]idKind{"id": t.kind()}
	list, one := "/"+collection, "/"+collection+"/{id}"
	send := func(rq *request, c sshCert, status int, err *apiError) (any, int, *apiError) {
		if err != nil {
			return nil, 0, err
		}
		return toWire(&c, rq.origin()), status, nil
	}
	return []route{
		{method: http.MethodPost, path: list, body: bodyOf[B], handle: func(rq *request) (any, int, *apiError) {
			in, err := bodyAs[B](rq)
			if err != nil {
				return nil, 0, err
			}
			c, err := s.issueSSHCert(t, PB(in).certRequest())
			return send(rq, c, http.StatusCreated, err)
		}},
		{method: http.MethodGet, path: list, query: sshCertListQuery, handle: func(rq *request) (any, int, *apiError) {
			return listObjects(s, rq, t, toWire)
		}},
		{method: http.MethodGet, path: one, ids: ids, handle: func(rq *request) (any, int, *apiError) {
			c, err := t.get(rq.r.PathValue("id"))
			return send(rq, c, http.StatusOK, err)
		}},
		{method: http.MethodPatch, path: one, ids: ids, body: bodyOf[freeTextUpdate], handle: func(rq *request) (any, int, *apiError) {
			// NOTE: only description and metadata change [real].
			c, err := updateFreeText(rq, t, sshCertText(collection), func(c *sshCert) (*string, *string) { return &c.Description, &c.Metadata })
			return send(rq, c, http.StatusOK, err)
		}},
		{method: http.MethodDelete, path: one, ids: ids, handle: func(rq *request) (any, int, *apiError) {
			if err := t.remove(rq.r.PathValue("id")); err != nil {
				return nil, 0, err
			}
			return nil, http.StatusNoContent, nil
		}},
	}
}

// certRequest is a create request of either kind, before validation.
type certRequest struct {
	certType    uint32 // ssh.HostCert or ssh.UserCert
	caID        string
	publicKey   string
	principals  []string
	validAfter  string
	validUntil  string
	description string
	metadata    string
	// user certificates only; nil means omitted
	criticalOptions map[string]string
	extensions      map[string]string
}

// issueSSHCert validates a create request, signs the certificate with the
// authority's key and stores it. Checks run in the order of the body's
// fields; the authority's existence is checked last, and again at the
// moment the certificate is stored.
func (s *Server) issueSSHCert(t *table[sshCert], in certRequest) (sshCert, *apiError) {
	if in.caID == "" {
		return sshCert{}, errInvalidValue.with("ssh_certificate_authority_id")
	}
	if err := checkIDPrefix(in.caID, s.sshCAs.kind()); err != nil {
		return sshCert{}, err
	}
	subject, keyType, err := parseSubjectKey(in.publicKey)
	if err != nil {
		return sshCert{}, err
	}
	if err := checkPrincipals(in.principals); err != nil {
		return sshCert{}, err
	}
	after, until, err := s.validity(in)
	if err != nil {
		return sshCert{}, err
	}
	c := sshCert{
		CreatedAt:   s.timestamp(),
		Description: in.description,
		Metadata:    in.metadata,
		CAID:        in.caID,
		PublicKey:   in.publicKey,
		KeyType:     keyType,
		Principals:  slices.Clone(nonNil(in.principals)),
		ValidAfter:  after,
		ValidUntil:  until,
	}
	if in.certType == ssh.UserCert {
		if err := checkCriticalOptions(in.criticalOptions); err != nil {
			return sshCert{}, err
		}
		if err := checkExtensions(in.extensions); err != nil {
			return sshCert{}, err
		}
		c.CriticalOptions = maps.Clone(nonNilMap(in.criticalOptions))
		c.Extensions = maps.Clone(in.extensions)
		if c.Extensions == nil {
			c.Extensions = defaultUserCertExtensions()
		}
	}
	if err := checkFreeText(in.description, in.metadata, sshCertText(t.name)); err != nil {
		return sshCert{}, err
	}
	ca, err := s.sshCAs.get(in.caID)
	if err != nil {
		return sshCert{}, unknownAuthorityError(in)
	}
	key, kErr := ca.signer()
	if kErr != nil {
		return sshCert{}, internalError("reading the key of %s: %v", ca.ID, kErr)
	}
	signer, sErr := ssh.NewSignerFromSigner(key)
	if sErr != nil {
		return sshCert{}, internalError("using the key of %s: %v", ca.ID, sErr)
	}

	// NOTE: the ID is minted before signing because the certificate's key ID
	// is the object ID (sshd logs it on every login). Signing happens outside
	// the store lock; putNew then checks, under the lock, that the authority
	// was not deleted meanwhile.
	id, idErr := t.ids.newID(t.prefix)
	if idErr != nil {
		return sshCert{}, internalError("%v", idErr)
	}
	c.ID = id
	if err := c.sign(subject, in.certType, signer); err != nil {
		return sshCert{}, err
	}
	if err := t.putNew(id, c, func() *apiError {
		if _, ok := s.sshCAs.rows[in.caID]; !ok {
			return unknownAuthorityError(in)
		}
		return nil
	}); err != nil {
		return sshCert{}, err
	}
	return c, nil
}

// unknownAuthorityError refuses an ssh_certificate_authority_id that names
// no authority of the account: one code per kind of certificate.
func unknownAuthorityError(in certRequest) *apiError {
	if in.certType == ssh.HostCert {
		return errSSHHostCertUnknownCA.with(in.caID)
	}
	return errSSHUserCertUnknownCA.with(in.caID)
}

// sshCertText are the description and metadata codes of the certificates
// of collection.
func sshCertText(collection string) textCodes {
	if collection == collSSHHostCerts {
		return textCodes{errSSHHostCertDescription, errSSHHostCertMetadata}
	}
	return textCodes{errSSHUserCertDescription, errSSHUserCertMetadata}
}

// sign sets certificate: an OpenSSH certificate of subject with the stored
// principals, validity and options, signed by signer.
//
// NOTE: serial 0, as the real API's certificates have
// (_ssh_host_certificates_create_response.md and
// _ssh_user_certificates_create_response.md@3196b15): the object ID, the
// key ID, is what tells them apart.
func (c *sshCert) sign(subject ssh.PublicKey, certType uint32, signer ssh.Signer) *apiError {
	cert := &ssh.Certificate{
		Key:             subject,
		CertType:        certType,
		KeyId:           c.ID,
		ValidPrincipals: slices.Clone(c.Principals),
		ValidAfter:      uint64(c.ValidAfter.Unix()),
		ValidBefore:     uint64(c.ValidUntil.Unix()),
		Permissions: ssh.Permissions{
			CriticalOptions: maps.Clone(c.CriticalOptions),
			Extensions:      maps.Clone(c.Extensions),
		},
	}
	if err := cert.SignCert(rand.Reader, signer); err != nil {
		return internalError("signing the certificate: %v", err)
	}
	c.Certificate = strings.TrimSuffix(string(ssh.MarshalAuthorizedKey(cert)), "\n") + " " + c.ID
	return nil
}

// parseSubjectKey reads the public key to certify: one authorized-keys line
// (a comment is fine, options are not) of an rsa, ecdsa (p256, p384, p521)
// or ed25519 key. It returns the key and its key_type.
func parseSubjectKey(text string) (ssh.PublicKey, string, *apiError) {
	if strings.TrimSpace(text) == "" {
		return nil, "", errSSHCertNoPublicKey.with()
	}
	pub, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(text))
	if err != nil {
		return nil, "", errSSHCertPublicKey.with(err, text)
	}
	if len(options) > 0 {
		return nil, "", errSSHCertPublicKey.with("authorized_keys options ("+strings.Join(options, ",")+") are not allowed", text)
	}
	if len(strings.TrimSpace(string(rest))) > 0 {
		return nil, "", errSSHCertPublicKey.with("more than one line", text)
	}
	keyType, why := subjectKeyType(pub)
	if why != "" {
		return nil, "", errSSHCertKeyType.with(pub.Type())
	}
	return pub, keyType, nil
}

// subjectKeyType is the API's key_type of a key, or why the key is refused.
func subjectKeyType(pub ssh.PublicKey) (keyType, why string) {
	if _, isCert := pub.(*ssh.Certificate); isCert {
		return "", "it is already a certificate"
	}
	switch pub.Type() {
	case ssh.KeyAlgoED25519:
		return keyTypeEd25519, ""
	case ssh.KeyAlgoECDSA256, ssh.KeyAlgoECDSA384, ssh.KeyAlgoECDSA521:
		// NOTE: x/crypto/ssh parses no other curve, so the type names it.
		return keyTypeECDSA, ""
	case ssh.KeyAlgoRSA:
		if k, ok := pub.(ssh.CryptoPublicKey).CryptoPublicKey().(*rsa.PublicKey); ok && k.N.BitLen() >= minRSABits {
			return keyTypeRSA, ""
		}
		return "", fmt.Sprintf("RSA keys must have at least %d bits", minRSABits)
	case "ssh-dss": // NOTE: spelled out because x/crypto deprecates its constant.
		return "", "DSA keys are obsolete and refused by OpenSSH"
	case ssh.KeyAlgoSKED25519, ssh.KeyAlgoSKECDSA256:
		return "", "security-key (FIDO) keys are not supported"
	}
	return "", "unsupported key type"
}

// checkPrincipals refuses more than maxPrincipals principals, and principals
// no SSH server could match: empty, or holding whitespace or control
// characters [ours].
func checkPrincipals(principals []string) *apiError {
	if n := len(principals); n > maxPrincipals {
		return errInvalidValue.with("principals")
	}
	for _, p := range principals {
		if p == "" || strings.IndexFunc(p, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
			return errInvalidValue.with("principals")
		}
	}
	return nil
}

// validity resolves valid_after and valid_until: RFC 3339 when given, now
// and the kind's default otherwise, whole seconds (what a certificate
// holds), and valid_until after valid_after.
func (s *Server) validity(in certRequest) (after, until time.Time, err *apiError) {
	after = s.timestamp()
	if in.validAfter != "" {
		if after, err = parseCertTime(in.validAfter); err != nil {
			return time.Time{}, time.Time{}, err
		}
	}
	switch {
	case in.validUntil != "":
		if until, err = parseCertTime(in.validUntil); err != nil {
			return time.Time{}, time.Time{}, err
		}
	case in.certType == ssh.HostCert:
		until = defaultHostCertValidUntil(after)
	default:
		until = after.Add(defaultUserCertValidity)
	}
	if !until.After(after) {
		return time.Time{}, time.Time{}, errSSHCertValidity.with(until.Sub(after))
	}
	if until.After(maxRFC3339) {
		return time.Time{}, time.Time{}, errInvalidTimestamp.with(until.Format(time.RFC3339), "after "+formatTime(maxRFC3339)+", the last time RFC 3339 can express")
	}
	return after, until, nil
}

func parseCertTime(v string) (time.Time, *apiError) {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, errInvalidTimestamp.with(v, err)
	}
	if t.Before(time.Unix(0, 0)) {
		return time.Time{}, errInvalidTimestamp.with(v, "before 1970-01-01T00:00:00Z, which an SSH certificate cannot express")
	}
	// NOTE: a certificate holds whole seconds, so the API does too.
	return t.UTC().Truncate(time.Second), nil
}

// checkCriticalOptions accepts only the two options OpenSSH defines, with
// values OpenSSH would honour.
func checkCriticalOptions(opts map[string]string) *apiError {
	for _, name := range slices.Sorted(maps.Keys(opts)) {
		v := opts[name]
		switch name {
		case optForceCommand:
			if strings.TrimSpace(v) == "" {
				return errInvalidValue.with("critical_options." + name)
			}
		case optSourceAddress:
			if err := checkSourceAddress(v); err != nil {
				return errInvalidValue.with("critical_options." + name)
			}
		default:
			return errInvalidValue.with("critical_options." + name)
		}
	}
	return nil
}

// checkSourceAddress accepts a comma-separated list of IP addresses and
// CIDR blocks without spaces, the form sshd matches.
func checkSourceAddress(v string) error {
	if v == "" {
		return fmt.Errorf("it is empty")
	}
	for item := range strings.SplitSeq(v, ",") {
		if _, err := netip.ParseAddr(item); err == nil {
			continue
		}
		if _, err := netip.ParsePrefix(item); err == nil {
			continue
		}
		return fmt.Errorf("%q is neither an IP address nor a CIDR block", item)
	}
	return nil
}

func checkExtensions(exts map[string]string) *apiError {
	for _, name := range slices.Sorted(maps.Keys(exts)) {
		v := exts[name]
		switch {
		case slices.Contains(flagExtensions, name):
			if v != "" {
				return errInvalidValue.with("extensions." + name)
			}
		case isVendorExtension(name):
		default:
			return errInvalidValue.with("extensions." + name)
		}
	}
	return nil
}

func isVendorExtension(name string) bool {
	local, domain, ok := strings.Cut(name, "@")
	return ok && local != "" && domain != "" && !strings.ContainsFunc(name, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	})
}
