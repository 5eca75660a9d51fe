package apiclient

import (
	"cmp"
	"context"
	"errors"
	"iter"
)

// SSHCertificate is what host and user certificates have in common: all of
// a host certificate, and a user certificate without its options. Only
// Description and Metadata can change after creation.
type SSHCertificate struct {
	ID                        string   `json:"id"`
	URI                       string   `json:"uri"`
	CreatedAt                 string   `json:"created_at"`
	Description               string   `json:"description"`
	Metadata                  string   `json:"metadata"`
	PublicKey                 string   `json:"public_key"`
	KeyType                   string   `json:"key_type"` // rsa, ecdsa or ed25519
	SSHCertificateAuthorityID string   `json:"ssh_certificate_authority_id"`
	Principals                []string `json:"principals"`
	ValidAfter                string   `json:"valid_after"`
	ValidUntil                string   `json:"valid_until"`
	Certificate               string   `json:"certificate"` // "<type>-cert-v01@openssh.com <base64> <id>"
}

// SSHHostCertificate is a host certificate signed by an SSH certificate
// authority.
type SSHHostCertificate = SSHCertificate

// SSHUserCertificate is a user certificate signed by an SSH certificate
// authority: the common fields plus the options, which the API always
// returns.
type SSHUserCertificate struct {
	SSHCertificate
	CriticalOptions map[string]string `json:"critical_options"`
	Extensions      map[string]string `json:"extensions"`
}

// SSHCertificateCreate is the body of a certificate create, all of it for a
// host certificate. Empty fields are omitted: the API then defaults
// valid_after to now, valid_until to one year (host) or 24 hours (user)
// after valid_after, and principals to none (every host or user).
type SSHCertificateCreate struct {
	SSHCertificateAuthorityID string   `json:"ssh_certificate_authority_id"`
	PublicKey                 string   `json:"public_key"`
	Principals                []string `json:"principals,omitempty"`
	ValidAfter                string   `json:"valid_after,omitempty"`
	ValidUntil                string   `json:"valid_until,omitempty"`
	Description               string   `json:"description,omitempty"`
	Metadata                  string   `json:"metadata,omitempty"`
}

// SSHHostCertificateCreate is the body of a host certificate create.
type SSHHostCertificateCreate = SSHCertificateCreate

// SSHUserCertificateCreate is the body of a user certificate create.
// Extensions distinguishes nil (omitted: the API's default, permit-pty and
// permit-user-rc) from an empty map (no extensions at all).
type SSHUserCertificateCreate struct {
	SSHCertificateCreate
	CriticalOptions map[string]string `json:"critical_options,omitempty"`
	Extensions      map[string]string `json:"extensions,omitzero"`
}

// SSHCertificateUpdate is the body of an update of either kind of
// certificate: nil leaves a field unchanged, "" clears it.
type SSHCertificateUpdate struct {
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// errCertificateFilter: the API filters only reserved domains, SSH
// certificate authorities and endpoints.
var errCertificateFilter = errors.New("ngrok API: SSH certificate lists cannot be filtered; leave ListOptions.Filter empty")

// sshCertCollection is one kind of certificate's collection; the methods
// of both kinds are the same requests on different collections.
type sshCertCollection[T any] struct {
	name  string // the path segment and the list's property
	noun  string // for errors: "SSH host certificate"
	cache func(*listCaches) *listCache[T]
}

var (
	sshHostCertificates = sshCertCollection[SSHHostCertificate]{"ssh_host_certificates", "SSH host certificate",
		func(l *listCaches) *listCache[SSHHostCertificate] { return l.sshHostCerts }}
	sshUserCertificates = sshCertCollection[SSHUserCertificate]{"ssh_user_certificates", "SSH user certificate",
		func(l *listCaches) *listCache[SSHUserCertificate] { return l.sshUserCerts }}
)

func (k sshCertCollection[T]) create(ctx context.Context, c *Client, in any) (*T, error) {
	out, err := create[T](ctx, c, "/"+k.name, in)
	k.cache(c.snapshots()).created(out)
	return out, err
}

func (k sshCertCollection[T]) get(ctx context.Context, c *Client, id string) (*T, error) {
	p, err := objectPath(k.name, k.noun, id)
	if err != nil {
		return nil, err
	}
	return k.cache(c.snapshots()).get(ctx, id, func() (*T, error) { return get[T](ctx, c, p) })
}

func (k sshCertCollection[T]) list(ctx context.Context, c *Client, opts *ListOptions) iter.Seq2[*T, error] {
	if opts != nil && opts.Filter != "" {
		return func(yield func(*T, error) bool) { yield(nil, errCertificateFilter) }
	}
	return list[T](ctx, c, "/"+k.name, k.name, opts)
}

func (k sshCertCollection[T]) update(ctx context.Context, c *Client, id string, in *SSHCertificateUpdate) (*T, error) {
	p, err := objectPath(k.name, k.noun, id)
	if err != nil {
		return nil, err
	}
	defer k.cache(c.snapshots()).writeStart(id)()
	return update[T](ctx, c, p, cmp.Or(in, &SSHCertificateUpdate{}))
}

func (k sshCertCollection[T]) remove(ctx context.Context, c *Client, id string) error {
	p, err := objectPath(k.name, k.noun, id)
	if err != nil {
		return err
	}
	defer k.cache(c.snapshots()).writeStart(id)()
	return remove(ctx, c, p)
}

// CreateSSHHostCertificate signs a host certificate (POST, 201).
func (c *Client) CreateSSHHostCertificate(ctx context.Context, in *SSHHostCertificateCreate) (*SSHHostCertificate, error) {
	return sshHostCertificates.create(ctx, c, cmp.Or(in, &SSHHostCertificateCreate{}))
}

// GetSSHHostCertificate reads one host certificate.
func (c *Client) GetSSHHostCertificate(ctx context.Context, id string) (*SSHHostCertificate, error) {
	return sshHostCertificates.get(ctx, c, id)
}

// ListSSHHostCertificates iterates over the host certificates, newest first.
// opts.Filter must be empty.
func (c *Client) ListSSHHostCertificates(ctx context.Context, opts *ListOptions) iter.Seq2[*SSHHostCertificate, error] {
	return sshHostCertificates.list(ctx, c, opts)
}

// UpdateSSHHostCertificate changes the description and metadata (PATCH).
func (c *Client) UpdateSSHHostCertificate(ctx context.Context, id string, in *SSHCertificateUpdate) (*SSHHostCertificate, error) {
	return sshHostCertificates.update(ctx, c, id, in)
}

// DeleteSSHHostCertificate deletes a host certificate (204). The signed
// certificate stays cryptographically valid until valid_until: deleting the
// API object revokes nothing.
func (c *Client) DeleteSSHHostCertificate(ctx context.Context, id string) error {
	return sshHostCertificates.remove(ctx, c, id)
}

// CreateSSHUserCertificate signs a user certificate (POST, 201).
func (c *Client) CreateSSHUserCertificate(ctx context.Context, in *SSHUserCertificateCreate) (*SSHUserCertificate, error) {
	return sshUserCertificates.create(ctx, c, cmp.Or(in, &SSHUserCertificateCreate{}))
}

// GetSSHUserCertificate reads one user certificate.
func (c *Client) GetSSHUserCertificate(ctx context.Context, id string) (*SSHUserCertificate, error) {
	return sshUserCertificates.get(ctx, c, id)
}

// ListSSHUserCertificates iterates over the user certificates, newest first.
// opts.Filter must be empty.
func (c *Client) ListSSHUserCertificates(ctx context.Context, opts *ListOptions) iter.Seq2[*SSHUserCertificate, error] {
	return sshUserCertificates.list(ctx, c, opts)
}

// UpdateSSHUserCertificate changes the description and metadata (PATCH).
func (c *Client) UpdateSSHUserCertificate(ctx context.Context, id string, in *SSHCertificateUpdate) (*SSHUserCertificate, error) {
	return sshUserCertificates.update(ctx, c, id, in)
}

// DeleteSSHUserCertificate deletes a user certificate (204); as with host
// certificates, this revokes nothing.
func (c *Client) DeleteSSHUserCertificate(ctx context.Context, id string) error {
	return sshUserCertificates.remove(ctx, c, id)
}
