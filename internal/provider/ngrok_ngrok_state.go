package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Taking over state that ngrok's own provider (registry.terraform.io/ngrok/ngrok)
// wrote, without importing anything again:
//
//   - a type of the same name (ngrok_cloud_endpoint, ngrok_reserved_domain,
//     ngrok_ssh_certificate_authority, ngrok_ssh_host_certificate and
//     ngrok_ssh_user_certificate) reaches this provider through
//     `terraform state replace-provider`: Terraform then upgrades the state,
//     as written at that provider's schema version 0, with UpgradeState;
//   - a renamed type (v0.8's ngrok_domain) reaches it through a `moved`
//     block: Terraform hands its state to MoveState.
//
// Both read the instance's attributes as JSON, bring them to this provider's
// shape (a normalizer per type) and decode them with the current schema:
// attributes this provider does not have are dropped, and those it has but
// the state lacks are null until the refresh that precedes every plan reads
// them from the API.
//
// NOTE: every resource here bumped its schema version from 0 to 1 for this,
// so that Terraform calls the version 0 upgrader for the other provider's
// state. That upgrader also receives this provider's own state of version
// 0, which had the current schema: each normalizer leaves such a state as
// it is (ngrok_ngrok_state_test.go proves it), since every value it
// rewrites is one this provider never stores ("" or 0 where it stores null,
// a list where it stores an object).

// stateSchemaVersion is the schema version of every resource that can take
// over ngrok/ngrok's state; version 0 is upgraded by upgradeFromVersion0.
const stateSchemaVersion = 1

// ngrokNgrokSchemaVersion is the schema version at which ngrok/ngrok v0.7
// and v0.8 wrote the state of every type this provider takes over.
const ngrokNgrokSchemaVersion = 0

// Provider sources (namespace/type, the hostname aside) whose state the
// resources take over: ngrok's provider, and this one, whose address
// ngrok/ngrok's resources carry once `terraform state replace-provider` has
// run, before a `moved` block renames them.
var stateMoveSources = []string{"ngrok/ngrok", "tfedge/ngrok"}

// stateAttrs is one resource instance's attributes as a provider wrote them
// in Terraform's state: JSON, decoded with numbers kept as json.Number.
type stateAttrs map[string]any

func parseStateAttrs(raw *tfprotov6.RawState) (stateAttrs, error) {
	if raw == nil {
		return nil, errors.New("the state is missing")
	}
	if raw.JSON == nil {
		// NOTE: Terraform writes a flat map only for state last written by
		// Terraform 0.11, which no version of either provider supports.
		return nil, errors.New("the state is in the flat format of Terraform 0.11 and earlier; " +
			"refresh it with the provider that wrote it and a current Terraform first")
	}
	dec := json.NewDecoder(bytes.NewReader(raw.JSON))
	dec.UseNumber()
	var a stateAttrs
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("reading the state: %w", err)
	}
	if a == nil {
		return nil, errors.New("the state holds no object")
	}
	return a, nil
}

// str is the string value of name; "" when it is null, absent or not a
// string.
func (a stateAttrs) str(name string) string {
	s, _ := a[name].(string)
	return s
}

// nullIfEmpty sets each of names that holds "" to null: the other provider
// stores "" where the API omits a value that this provider stores as null.
func (a stateAttrs) nullIfEmpty(names ...string) {
	for _, n := range names {
		if s, ok := a[n].(string); ok && s == "" {
			a[n] = nil
		}
	}
}

// emptyIfNull sets each of names that is null or absent to "": this
// provider stores "" for an empty description or metadata, never null.
func (a stateAttrs) emptyIfNull(names ...string) {
	for _, n := range names {
		if a[n] == nil {
			a[n] = ""
		}
	}
}

// defaultIfNull sets name to v when it is null or absent.
func (a stateAttrs) defaultIfNull(name string, v any) {
	if a[name] == nil {
		a[name] = v
	}
}

// singleObject turns name, a block the other provider stores as a list or
// set of at most one object (SDKv2's shape), into that object or null.
// An object (this provider's shape, and ngrok/ngrok v0.8's) is kept.
func (a stateAttrs) singleObject(name string) error {
	switch v := a[name].(type) {
	case nil, map[string]any:
		return nil
	case []any:
		switch len(v) {
		case 0:
			a[name] = nil
		case 1:
			obj, ok := v[0].(map[string]any)
			if !ok {
				return fmt.Errorf("%s holds %T, want an object", name, v[0])
			}
			a[name] = obj
		default:
			return fmt.Errorf("%s holds %d blocks, want at most one", name, len(v))
		}
		return nil
	default:
		return fmt.Errorf("%s holds %T, want an object or a list of one", name, v)
	}
}

// value decodes the attributes with schema's type. Attributes the schema
// does not have are dropped; those it has and a lacks are null.
func (a stateAttrs) value(schemaType tftypes.Type) (tftypes.Value, error) {
	b, err := json.Marshal(a)
	if err != nil {
		return tftypes.Value{}, err
	}
	return tftypes.ValueFromJSONWithOpts(b, schemaType, tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true})
}

// stateNormalizer brings one instance's attributes, as ngrok/ngrok or an
// earlier version of this provider wrote them, to this provider's shape.
type stateNormalizer func(stateAttrs) error

// convertState is what an upgrader and a mover share: raw state in,
// this provider's state out, or an error that says what could not be read.
func convertState(ctx context.Context, raw *tfprotov6.RawState, normalize stateNormalizer, state *tfsdk.State) error {
	a, err := parseStateAttrs(raw)
	if err != nil {
		return err
	}
	if err := normalize(a); err != nil {
		return err
	}
	v, err := a.value(state.Schema.Type().TerraformType(ctx))
	if err != nil {
		return err
	}
	state.Raw = v
	return nil
}

// upgradeFromVersion0 is the state upgrader of every resource that can take
// over ngrok/ngrok's state: it upgrades both that provider's state and this
// provider's own state of version 0 (see the note at the top of this file).
func upgradeFromVersion0(typeName string, normalize stateNormalizer) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			if err := convertState(ctx, req.RawState, normalize, &resp.State); err != nil {
				resp.Diagnostics.AddError("Unable to Upgrade Resource State",
					fmt.Sprintf("The state of this %s, at schema version 0, cannot be read: %s. "+
						"If it was written by the ngrok/ngrok provider, remove it from the state with a removed block "+
						"(lifecycle { destroy = false }) and import it by ID instead.", typeName, err))
			}
		}},
	}
}

// stateMover moves to this resource the state of a resource of one of the
// sourceTypes from ngrok/ngrok (or from this provider, after `terraform state
// replace-provider` has given them its address), written at
// ngrok/ngrok's schema version 0. Other sources are left to other movers
// (the framework then says that none matched).
func stateMover(targetType string, sourceTypes []string, normalize stateNormalizer) resource.StateMover {
	return resource.StateMover{StateMover: func(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
		if !isStateMoveSource(req.SourceProviderAddress) || !slices.Contains(sourceTypes, req.SourceTypeName) {
			return
		}
		if req.SourceSchemaVersion != ngrokNgrokSchemaVersion {
			resp.Diagnostics.AddError("Unable to Move Resource State",
				fmt.Sprintf("%s moves to %s from schema version %d, which ngrok/ngrok v0.7 and v0.8 write; this state "+
					"is at version %d, written by a version of ngrok/ngrok this provider does not know. Remove it from "+
					"the state with a removed block (lifecycle { destroy = false }) and import it by ID instead.",
					req.SourceTypeName, targetType, ngrokNgrokSchemaVersion, req.SourceSchemaVersion))
			return
		}
		if err := convertState(ctx, req.SourceRawState, normalize, &resp.TargetState); err != nil {
			resp.Diagnostics.AddError("Unable to Move Resource State",
				fmt.Sprintf("The state of %s from %s cannot be read as %s: %s. Remove it from the state with a "+
					"removed block (lifecycle { destroy = false }) and import it by ID instead.",
					req.SourceTypeName, req.SourceProviderAddress, targetType, err))
			return
		}
		// NOTE: a resource with an identity gets it here too; the refresh
		// after the move would set it anyway, but Terraform keeps what the
		// move returns until then.
		if resp.TargetIdentity != nil {
			var id string
			resp.Diagnostics.Append(resp.TargetState.GetAttribute(ctx, path.Root("id"), &id)...)
			resp.Diagnostics.Append(resp.TargetIdentity.SetAttribute(ctx, path.Root("id"), id)...)
		}
	}}
}

// isStateMoveSource reports whether addr (HOSTNAME/NAMESPACE/TYPE) is one of
// stateMoveSources on any registry host.
//
// NOTE: OpenTofu (1.11) sends the provider's type alone ("ngrok") rather
// than its address; both providers a move can come from are of that type,
// so the type alone is accepted too.
func isStateMoveSource(addr string) bool {
	parts := strings.Split(addr, "/")
	if len(parts) == 1 {
		return strings.EqualFold(addr, "ngrok")
	}
	return slices.Contains(stateMoveSources, strings.ToLower(strings.Join(parts[len(parts)-2:], "/")))
}
