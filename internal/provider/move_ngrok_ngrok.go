package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// MoveState takes over ngrok/ngrok v0.8's ngrok_domain, the name that
// version gave the reserved domain, through a `moved` block:
//
//	moved {
//	  from = ngrok_domain.app
//	  to   = ngrok_reserved_domain.app
//	}
//
// and v0.7's ngrok_reserved_domain, for a `moved` block that renames one
// while it changes provider.
func (r *reservedDomainResource) MoveState(context.Context) []resource.StateMover {
	return []resource.StateMover{
		stateMover("ngrok_reserved_domain", []string{"ngrok_domain", "ngrok_reserved_domain"}, normalizeReservedDomainState),
	}
}

// MoveState takes over ngrok/ngrok's resource of the same name, for a
// `moved` block that renames one while it changes provider; the types
// below do the same.
func (r *cloudEndpointResource) MoveState(context.Context) []resource.StateMover {
	return []resource.StateMover{
		stateMover("ngrok_cloud_endpoint", []string{"ngrok_cloud_endpoint"}, normalizeCloudEndpointState),
	}
}

func (r *sshCertificateResource[M, C, A]) MoveState(context.Context) []resource.StateMover {
	typeName := "ngrok_" + r.ops.typeName
	return []resource.StateMover{stateMover(typeName, []string{typeName}, normalizeSSHCertificateState(r.ops.sshCertKind))}
}
