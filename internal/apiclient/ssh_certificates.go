package apiclient

import (
	"context"
	"errors"
	"iter"
)

const (
	sshHostCertificates = "ssh_host_certificates"
	sshUserCertificates = "ssh_user_certificates"
)

// SSHHostCertificate is a host certificate signed by an SSH certificate
// authority. Only Description and Metadata can change after creation.
type SSHHostCertificate struct {
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

// SSHHostCertificateCreate is the body of a host certificate create. Empty
// fields are omitted: the API then defaults valid_after to now, valid_until
// to one year after valid_after, and principals to none (every host).
type SSHHostCertificateCreate struct {
	SSHCertificateAuthorityID string   `json:"ssh_certificate_authority_id"`
	PublicKey                 string   `json:"public_key"`
	Principals                []string `json:"principals,omitempty"`
	ValidAfter                string   `json:"valid_after,omitempty"`
	ValidUntil                string   `json:"valid_until,omitempty"`
	Description               string   `json:"description,omitempty"`
	Metadata                  string   `json:"metadata,omitempty"`
}

// SSHUserCertificate is a user certificate signed by an SSH certificate
// authority. Only Description and Metadata can change after creation.
type SSHUserCertificate struct {
	ID                        string            `json:"id"`
	URI                       string            `json:"uri"`
	CreatedAt                 string            `json:"created_at"`
	Description               string            `json:"description"`
	Metadata                  string            `json:"metadata"`
	PublicKey                 string            `json:"public_key"`
	KeyType                   string            `json:"key_type"`
	SSHCertificateAuthorityID string            `json:"ssh_certificate_authority_id"`
	Principals                []string          `json:"principals"`
	CriticalOptions           map[string]string `json:"critical_options"`
	Extensions                map[string]string `json:"extensions"`
	ValidAfter                string            `json:"valid_after"`
	ValidUntil                string            `json:"valid_until"`
	Certificate               string            `json:"certificate"`
}

// SSHUserCertificateCreate is the body of a user certificate create. Empty
// fields are omitted: valid_until then defaults to 24 hours after
// valid_after. Extensions distinguishes nil (omitted: the API's default,
// permit-pty and permit-user-rc) from an empty map (no extensions at all).
type SSHUserCertificateCreate struct {
	SSHCertificateAuthorityID string            `json:"ssh_certificate_authority_id"`
	PublicKey                 string            `json:"public_key"`
	Principals                []string          `json:"principals,omitempty"`
	CriticalOptions           map[string]string `json:"critical_options,omitempty"`
	Extensions                map[string]string `json:"extensions,omitzero"`
	ValidAfter                string            `json:"valid_after,omitempty"`
	ValidUntil                string            `json:"valid_until,omitempty"`
	Description               string            `json:"description,omitempty"`
	Metadata                  string            `json:"metadata,omitempty"`
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

// CreateSSHHostCertificate signs a host certificate (POST, 201).
func (c *Client) CreateSSHHostCertificate(ctx context.Context, in *SSHHostCertificateCreate) (*SSHHostCertificate, error) {
	if in == nil {
		in = &SSHHostCertificateCreate{}
	}
	return create[SSHHostCertificate](ctx, c, "/"+sshHostCertificates, in)
}

// GetSSHHostCertificate reads one host certificate.
func (c *Client) GetSSHHostCertificate(ctx context.Context, id string) (*SSHHostCertificate, error) {
	p, err := objectPath(sshHostCertificates, "SSH host certificate", id)
	if err != nil {
		return nil, err
	}
	return get[SSHHostCertificate](ctx, c, p)
}

// ListSSHHostCertificates iterates over the host certificates, newest first.
// opts.Filter must be empty.
func (c *Client) ListSSHHostCertificates(ctx context.Context, opts *ListOptions) iter.Seq2[*SSHHostCertificate, error] {
	if opts != nil && opts.Filter != "" {
		return func(yield func(*SSHHostCertificate, error) bool) { yield(nil, errCertificateFilter) }
	}
	return list[SSHHostCertificate](ctx, c, "/"+sshHostCertificates, sshHostCertificates, opts)
}

// UpdateSSHHostCertificate changes the description and metadata (PATCH).
func (c *Client) UpdateSSHHostCertificate(ctx context.Context, id string, in *SSHCertificateUpdate) (*SSHHostCertificate, error) {
	p, err := objectPath(sshHostCertificates, "SSH host certificate", id)
	if err != nil {
		return nil, err
	}
	if in == nil {
		in = &SSHCertificateUpdate{}
	}
	return update[SSHHostCertificate](ctx, c, p, in)
}

// DeleteSSHHostCertificate deletes a host certificate (204). The signed
// certificate stays cryptographically valid until valid_until: deleting the
// API object revokes nothing.
func (c *Client) DeleteSSHHostCertificate(ctx context.Context, id string) error {
	p, err := objectPath(sshHostCertificates, "SSH host certificate", id)
	if err != nil {
		return err
	}
	return remove(ctx, c, p)
}

// CreateSSHUserCertificate signs a user certificate (POST, 201).
func (c *Client) CreateSSHUserCertificate(ctx context.Context, in *SSHUserCertificateCreate) (*SSHUserCertificate, error) {
	if in == nil {
		in = &SSHUserCertificateCreate{}
	}
	return create[SSHUserCertificate](ctx, c, "/"+sshUserCertificates, in)
}

// GetSSHUserCertificate reads one user certificate.
func (c *Client) GetSSHUserCertificate(ctx context.Context, id string) (*SSHUserCertificate, error) {
	p, err := objectPath(sshUserCertificates, "SSH user certificate", id)
	if err != nil {
		return nil, err
	}
	return get[SSHUserCertificate](ctx, c, p)
}

// ListSSHUserCertificates iterates over the user certificates, newest first.
// opts.Filter must be empty.
func (c *Client) ListSSHUserCertificates(ctx context.Context, opts *ListOptions) iter.Seq2[*SSHUserCertificate, error] {
	if opts != nil && opts.Filter != "" {
		return func(yield func(*SSHUserCertificate, error) bool) { yield(nil, errCertificateFilter) }
	}
	return list[SSHUserCertificate](ctx, c, "/"+sshUserCertificates, sshUserCertificates, opts)
}

// UpdateSSHUserCertificate changes the description and metadata (PATCH).
func (c *Client) UpdateSSHUserCertificate(ctx context.Context, id string, in *SSHCertificateUpdate) (*SSHUserCertificate, error) {
	p, err := objectPath(sshUserCertificates, "SSH user certificate", id)
	if err != nil {
		return nil, err
	}
	if in == nil {
		in = &SSHCertificateUpdate{}
	}
	return update[SSHUserCertificate](ctx, c, p, in)
}

// DeleteSSHUserCertificate deletes a user certificate (204); as with host
// certificates, this revokes nothing.
func (c *Client) DeleteSSHUserCertificate(ctx context.Context, id string) error {
	p, err := objectPath(sshUserCertificates, "SSH user certificate", id)
	if err != nil {
		return err
	}
	return remove(ctx, c, p)
}
