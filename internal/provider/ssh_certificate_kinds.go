package provider

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Host and user certificates are one API object in two kinds that differ
// only in the user certificate's options. One resource, one data source and
// one list data source (resource_ssh_certificate.go,
// data_source_ssh_certificate.go, data_source_ssh_certificates.go) serve
// both, each run with a kind's sshCertOps.

// sshCertOps is one kind of certificate: its names and descriptions, its
// model M, create body C and API object A, and the API calls.
type sshCertOps[M, C, A any] struct {
	sshCertKind

	base     func(*M) *sshCertificateModel
	fromAPI  func(context.Context, *A) (M, diag.Diagnostics)
	toCreate func(M, context.Context) (*C, diag.Diagnostics)

	create func(*apiclient.Client, context.Context, *C) (*A, error)
	get    func(*apiclient.Client, context.Context, string) (*A, error)
	list   func(*apiclient.Client, context.Context, *apiclient.ListOptions) iter.Seq2[*A, error]
	update func(*apiclient.Client, context.Context, string, *apiclient.SSHCertificateUpdate) (*A, error)
	remove func(*apiclient.Client, context.Context, string) error
}

type (
	sshHostCertOps = sshCertOps[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate]
	sshUserCertOps = sshCertOps[sshUserCertificateModel, apiclient.SSHUserCertificateCreate, apiclient.SSHUserCertificate]
)

var sshHostCertificates = &sshHostCertOps{
	sshCertKind: sshHostCertKind,
	base:        (*sshHostCertificateModel).base,
	fromAPI:     sshHostCertificateModelFromAPI,
	toCreate:    sshHostCertificateModel.toCreate,
	create:      (*apiclient.Client).CreateSSHHostCertificate,
	get:         (*apiclient.Client).GetSSHHostCertificate,
	list:        (*apiclient.Client).ListSSHHostCertificates,
	update:      (*apiclient.Client).UpdateSSHHostCertificate,
	remove:      (*apiclient.Client).DeleteSSHHostCertificate,
}

var sshUserCertificates = &sshUserCertOps{
	sshCertKind: sshUserCertKind,
	base:        (*sshUserCertificateModel).base,
	fromAPI:     sshUserCertificateModelFromAPI,
	toCreate:    sshUserCertificateModel.toCreate,
	create:      (*apiclient.Client).CreateSSHUserCertificate,
	get:         (*apiclient.Client).GetSSHUserCertificate,
	list:        (*apiclient.Client).ListSSHUserCertificates,
	update:      (*apiclient.Client).UpdateSSHUserCertificate,
	remove:      (*apiclient.Client).DeleteSSHUserCertificate,
}

func NewSSHHostCertificateResource() resource.Resource {
	return newSSHCertificateResource(sshHostCertificates)
}

func NewSSHUserCertificateResource() resource.Resource {
	return newSSHCertificateResource(sshUserCertificates)
}

func NewSSHHostCertificateDataSource() datasource.DataSource {
	return newSSHCertificateDataSource(sshHostCertificates)
}

func NewSSHUserCertificateDataSource() datasource.DataSource {
	return newSSHCertificateDataSource(sshUserCertificates)
}

func NewSSHHostCertificatesDataSource() datasource.DataSource {
	return newSSHCertificatesDataSource(sshHostCertificates)
}

func NewSSHUserCertificatesDataSource() datasource.DataSource {
	return newSSHCertificatesDataSource(sshUserCertificates)
}
