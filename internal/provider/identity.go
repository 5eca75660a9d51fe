package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Resource identity (Terraform 1.12 and later) names the API object that a
// resource instance manages, apart from its attributes: an import block may
// give it instead of an import ID, and Terraform keeps it in the state.
// Objects with an ID of their own are identified by that ID; a route module
// of an HTTPS edge, which has none, by its edge and route.
//
// NOTE: the framework refuses a Create, Read or Update that returns no
// identity, even when the object is then removed from the state; so every
// Read sets it from the prior state first, before asking the API, and older
// Terraform versions, which ignore identity, get it too.

// idIdentitySchema is the identity of an object with an ID; noun names the
// object, idPrefix its IDs' prefix (for the description).
func idIdentitySchema(noun, idPrefix string) identityschema.Schema {
	return identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the %s (`%s...`).", noun, idPrefix),
				RequiredForImport: true,
			},
		},
	}
}

// setIDIdentity records id as the identity. A nil identity (a request
// without identity support) and an empty id (nothing known yet) are left
// alone.
func setIDIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity, id string) diag.Diagnostics {
	if identity == nil || id == "" {
		return nil
	}
	// NOTE: the value built directly, not from a model struct by
	// reflection: every Read of every object sets it. Set still checks its
	// type against the identity schema.
	return identity.Set(ctx, tftypes.NewValue(idIdentityType, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id)}))
}

// idIdentityType is the Terraform type of idIdentitySchema.
var idIdentityType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String}}

// edgeRouteModuleIdentitySchema is the identity of an HTTPS edge route
// module: its edge and its route.
func edgeRouteModuleIdentitySchema() identityschema.Schema {
	return identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"edge_id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the HTTPS edge (`%s...`).", httpsEdgeIDPrefix),
				RequiredForImport: true,
			},
			"route_id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the route of that edge (`%s...`).", httpsEdgeRouteIDPrefix),
				RequiredForImport: true,
			},
		},
	}
}

// edgeRouteModuleIdentityModel is the identity of edgeRouteModuleIdentitySchema.
type edgeRouteModuleIdentityModel struct {
	EdgeID  types.String `tfsdk:"edge_id"`
	RouteID types.String `tfsdk:"route_id"`
}

// setEdgeRouteModuleIdentity records a route module's identity, as
// setIDIdentity does.
func setEdgeRouteModuleIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity, edgeID, routeID string) diag.Diagnostics {
	if identity == nil || edgeID == "" || routeID == "" {
		return nil
	}
	return identity.Set(ctx, edgeRouteModuleIdentityModel{EdgeID: types.StringValue(edgeID), RouteID: types.StringValue(routeID)})
}

// importSpec is how a resource's import names its object: by the IDs of
// keys (one ID, or several joined by "/" in an import ID; an identity holds
// each in the attribute of its key's name), or, when natural is set, by an
// import ID that is the object's natural key. Every resource imports
// through one.
type importSpec struct {
	keys []importKey
	// findIDs says where the user finds the IDs ("in the ngrok dashboard or
	// with the ngrok_reserved_domains data source"); "" says nothing.
	findIDs string
	natural *naturalKeyImport
}

// importKey is one ID that names the object.
type importKey struct {
	attr   string // the identity's attribute: "id", "edge_id"
	prefix string
	// twinPrefix (optional) is another prefix the key's IDs may have
	// (objectType.twinIDPrefix).
	twinPrefix string
	noun       string // with its article: "a reserved domain"
}

// naturalKeyImport reads an import ID that does not start with the ID
// prefix as a natural key (see identity_natural_key.go).
type naturalKeyImport struct {
	name     string // "name", "url"
	examples string // "app.example.com"
	// check says why the text cannot be a key; resolve finds the ID of the
	// object with the key, or reports in diags why it cannot.
	check   func(key string) error
	resolve func(ctx context.Context, client *apiclient.Client, key string, diags *diag.Diagnostics) string
}

// importIDs returns the IDs that an import names, one per key: those of the
// import ID (terraform import, or an import block's id), or else of the
// identity (an import block's identity). A natural key is resolved to an ID
// first. It returns nil when it reported in diags why it cannot.
func (s importSpec) importIDs(ctx context.Context, client *apiclient.Client, req resource.ImportStateRequest, diags *diag.Diagnostics) []string {
	if req.ID == "" && req.Identity != nil {
		ids := make([]string, len(s.keys))
		for i, k := range s.keys {
			var v types.String
			diags.Append(req.Identity.GetAttribute(ctx, path.Root(k.attr), &v)...)
			ids[i] = v.ValueString()
		}
		if diags.HasError() {
			return nil
		}
		if !s.validIDs(ids) {
			diags.AddError("Invalid Import Identity", s.invalidIdentity(ids))
			return nil
		}
		return ids
	}
	id := req.ID
	if n := s.natural; n != nil && !strings.HasPrefix(id, s.keys[0].prefix) {
		if err := n.check(id); err != nil {
			diags.AddError("Invalid Import ID", fmt.Sprintf("Expected the ID of %s, such as %s, or its %s, such as %s; "+
				"%q is neither (%s).%s", s.keys[0].noun, exampleID(s.keys[0].prefix), n.name, n.examples, apiclient.RedactURL(id), err, s.findHint()))
			return nil
		}
		if id = n.resolve(ctx, client, id, diags); diags.HasError() {
			return nil
		}
	}
	ids, err := s.parseImportID(id)
	if err != nil {
		diags.AddError("Invalid Import ID", capitalize(err.Error())+"."+s.findHint())
		return nil
	}
	return ids
}

// parseImportID splits an import ID into one ID per key, or says what it
// should be.
func (s importSpec) parseImportID(id string) ([]string, error) {
	ids := []string{id}
	if len(s.keys) > 1 {
		ids = strings.Split(id, "/")
	}
	if s.validIDs(ids) {
		return ids, nil
	}
	if len(s.keys) == 1 {
		return nil, fmt.Errorf("expected the ID of %s, such as %s, got %q", s.keys[0].noun, exampleID(s.keys[0].prefix), apiclient.RedactURL(id))
	}
	format, examples, parts := make([]string, len(s.keys)), make([]string, len(s.keys)), make([]string, len(s.keys))
	for i, k := range s.keys {
		format[i], examples[i] = "<"+k.attr+">", exampleID(k.prefix)
		parts[i] = fmt.Sprintf("the ID of %s (%s...)", k.noun, k.prefix)
	}
	return nil, fmt.Errorf("expected %s, such as %s, got %q: %s", strings.Join(format, "/"), strings.Join(examples, "/"), apiclient.RedactURL(id),
		strings.Join(parts, ", a slash, and "))
}

// validIDs reports whether ids hold one ID per key.
func (s importSpec) validIDs(ids []string) bool {
	if len(ids) != len(s.keys) {
		return false
	}
	for i, k := range s.keys {
		if !isID(k.prefix, ids[i]) && (k.twinPrefix == "" || !isID(k.twinPrefix, ids[i])) {
			return false
		}
	}
	return true
}

// invalidIdentity is the detail of an identity whose ids are not the IDs of
// the keys.
func (s importSpec) invalidIdentity(ids []string) string {
	if len(s.keys) == 1 {
		k := s.keys[0]
		hint := s.findHint()
		if s.natural != nil {
			hint = fmt.Sprintf(" To import by its %s, give it as the import block's id instead.", s.natural.name)
		}
		return fmt.Sprintf("Expected the ID of %s in the identity's %s, such as %s, got %q.%s", k.noun, k.attr, exampleID(k.prefix), apiclient.RedactURL(ids[0]), hint)
	}
	want, got := make([]string, len(s.keys)), make([]string, len(s.keys))
	for i, k := range s.keys {
		be := "" // "edge_id to be the ID of ..., and route_id the ID of ..."
		if i == 0 {
			be = "to be "
		}
		want[i] = fmt.Sprintf("%s %sthe ID of %s, such as %s", k.attr, be, k.noun, exampleID(k.prefix))
		got[i] = fmt.Sprintf("%s = %q", k.attr, apiclient.RedactURL(ids[i]))
	}
	return fmt.Sprintf("Expected %s; got %s.%s", strings.Join(want, ", and "), strings.Join(got, ", "), s.findHint())
}

func (s importSpec) findHint() string {
	if s.findIDs == "" {
		return ""
	}
	if len(s.keys) > 1 {
		return " Find the IDs " + s.findIDs + "."
	}
	return " Find the ID " + s.findIDs + "."
}

// importState imports an object known by one ID: the state and the
// identity hold it; Read fills in the rest.
func (s importSpec) importState(ctx context.Context, client *apiclient.Client, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	ids := s.importIDs(ctx, client, req, &resp.Diagnostics)
	if ids == nil {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), ids[0])...)
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, ids[0])...)
}
