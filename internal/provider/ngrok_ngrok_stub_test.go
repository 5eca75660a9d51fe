package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// ngrokNgrokStub stands in for ngrok/ngrok in Terraform CLI runs: a
// Terraform that plans a `moved` block from one of its resources needs the
// provider that state names, as a real migration has it installed. It
// serves the provider's schema as that version's `terraform providers
// schema -json` recorded it, and holds its resources' state as it is; it
// cannot create, change or delete anything, and a run that asks it to
// fails.
type ngrokNgrokStub struct {
	// NOTE: the RPCs a plan cannot send (functions, data sources, ephemeral
	// resources, imports...) are the nil interface's: calling one panics,
	// and the test with it.
	tfprotov6.ProviderServer

	provider  *tfprotov6.Schema
	resources map[string]*tfprotov6.Schema
}

// newNgrokNgrokStub reads the schema of the version's fixture.
func newNgrokNgrokStub(t *testing.T, version string) *ngrokNgrokStub {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "ngrok-ngrok", version, "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Provider        jsonSchema            `json:"provider"`
		ResourceSchemas map[string]jsonSchema `json:"resource_schemas"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	s := &ngrokNgrokStub{resources: map[string]*tfprotov6.Schema{}}
	if s.provider, err = doc.Provider.proto(); err != nil {
		t.Fatalf("provider schema: %v", err)
	}
	for name, rs := range doc.ResourceSchemas {
		if s.resources[name], err = rs.proto(); err != nil {
			t.Fatalf("%s schema: %v", name, err)
		}
	}
	return s
}

// jsonSchema is a schema as `terraform providers schema -json` writes it.
type jsonSchema struct {
	Version int64     `json:"version"`
	Block   jsonBlock `json:"block"`
}

type jsonBlock struct {
	Attributes map[string]jsonAttribute `json:"attributes"`
	BlockTypes map[string]struct {
		NestingMode string    `json:"nesting_mode"`
		Block       jsonBlock `json:"block"`
		MinItems    int64     `json:"min_items"`
		MaxItems    int64     `json:"max_items"`
	} `json:"block_types"`
}

type jsonAttribute struct {
	Type       json.RawMessage `json:"type"`
	NestedType *struct {
		Attributes  map[string]jsonAttribute `json:"attributes"`
		NestingMode string                   `json:"nesting_mode"`
	} `json:"nested_type"`
	Required  bool `json:"required"`
	Optional  bool `json:"optional"`
	Computed  bool `json:"computed"`
	Sensitive bool `json:"sensitive"`
}

func (s jsonSchema) proto() (*tfprotov6.Schema, error) {
	b, err := s.Block.proto()
	return &tfprotov6.Schema{Version: s.Version, Block: b}, err
}

func (b jsonBlock) proto() (*tfprotov6.SchemaBlock, error) {
	out := &tfprotov6.SchemaBlock{}
	for _, name := range sortedKeys(b.Attributes) {
		a, err := b.Attributes[name].proto(name)
		if err != nil {
			return nil, err
		}
		out.Attributes = append(out.Attributes, a)
	}
	for _, name := range sortedKeys(b.BlockTypes) {
		bt := b.BlockTypes[name]
		inner, err := bt.Block.proto()
		if err != nil {
			return nil, err
		}
		nesting, ok := map[string]tfprotov6.SchemaNestedBlockNestingMode{
			"single": tfprotov6.SchemaNestedBlockNestingModeSingle, "list": tfprotov6.SchemaNestedBlockNestingModeList,
			"set": tfprotov6.SchemaNestedBlockNestingModeSet, "map": tfprotov6.SchemaNestedBlockNestingModeMap,
			"group": tfprotov6.SchemaNestedBlockNestingModeGroup,
		}[bt.NestingMode]
		if !ok {
			return nil, fmt.Errorf("block %s: nesting mode %q", name, bt.NestingMode)
		}
		out.BlockTypes = append(out.BlockTypes, &tfprotov6.SchemaNestedBlock{
			TypeName: name, Block: inner, Nesting: nesting, MinItems: bt.MinItems, MaxItems: bt.MaxItems,
		})
	}
	return out, nil
}

func (a jsonAttribute) proto(name string) (*tfprotov6.SchemaAttribute, error) {
	out := &tfprotov6.SchemaAttribute{Name: name, Required: a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive}
	if a.NestedType == nil {
		typ, err := parseJSONType(a.Type)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", name, err)
		}
		out.Type = typ
		return out, nil
	}
	nesting, ok := map[string]tfprotov6.SchemaObjectNestingMode{
		"single": tfprotov6.SchemaObjectNestingModeSingle, "list": tfprotov6.SchemaObjectNestingModeList,
		"set": tfprotov6.SchemaObjectNestingModeSet, "map": tfprotov6.SchemaObjectNestingModeMap,
	}[a.NestedType.NestingMode]
	if !ok {
		return nil, fmt.Errorf("attribute %s: nesting mode %q", name, a.NestedType.NestingMode)
	}
	obj := &tfprotov6.SchemaObject{Nesting: nesting}
	for _, n := range sortedKeys(a.NestedType.Attributes) {
		inner, err := a.NestedType.Attributes[n].proto(n)
		if err != nil {
			return nil, err
		}
		obj.Attributes = append(obj.Attributes, inner)
	}
	out.NestedType = obj
	return out, nil
}

// parseJSONType reads a type in Terraform's JSON type syntax ("string",
// ["list","string"], ["object",{"a":"bool"}], ...). NOTE: tftypes has a
// parser, deprecated for use outside HashiCorp's own code.
func parseJSONType(raw json.RawMessage) (tftypes.Type, error) {
	var name string
	if json.Unmarshal(raw, &name) == nil {
		switch name {
		case "string":
			return tftypes.String, nil
		case "number":
			return tftypes.Number, nil
		case "bool":
			return tftypes.Bool, nil
		case "dynamic":
			return tftypes.DynamicPseudoType, nil
		}
		return nil, fmt.Errorf("unknown type %q", name)
	}
	var pair []json.RawMessage
	if err := json.Unmarshal(raw, &pair); err != nil || len(pair) != 2 || json.Unmarshal(pair[0], &name) != nil {
		return nil, fmt.Errorf("unreadable type %s", raw)
	}
	switch name {
	case "list", "set", "map":
		elem, err := parseJSONType(pair[1])
		if err != nil {
			return nil, err
		}
		return map[string]tftypes.Type{"list": tftypes.List{ElementType: elem}, "set": tftypes.Set{ElementType: elem},
			"map": tftypes.Map{ElementType: elem}}[name], nil
	case "object":
		var attrs map[string]json.RawMessage
		if err := json.Unmarshal(pair[1], &attrs); err != nil {
			return nil, err
		}
		obj := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
		for k, v := range attrs {
			t, err := parseJSONType(v)
			if err != nil {
				return nil, err
			}
			obj.AttributeTypes[k] = t
		}
		return obj, nil
	}
	return nil, fmt.Errorf("unknown type %s", raw)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (s *ngrokNgrokStub) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	resp := &tfprotov6.GetMetadataResponse{ServerCapabilities: &tfprotov6.ServerCapabilities{}}
	for _, name := range sortedKeys(s.resources) {
		resp.Resources = append(resp.Resources, tfprotov6.ResourceMetadata{TypeName: name})
	}
	return resp, nil
}

func (s *ngrokNgrokStub) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities: &tfprotov6.ServerCapabilities{},
		Provider:           s.provider,
		ResourceSchemas:    s.resources,
	}, nil
}

func (s *ngrokNgrokStub) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

func (s *ngrokNgrokStub) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}, nil
}

func (s *ngrokNgrokStub) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (s *ngrokNgrokStub) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

func (s *ngrokNgrokStub) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

// UpgradeResourceState decodes the state with the schema, as the real
// provider does for state of its current version.
func (s *ngrokNgrokStub) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	schema, ok := s.resources[req.TypeName]
	if !ok {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: stubError("no resource type " + req.TypeName)}, nil
	}
	v, err := req.RawState.UnmarshalWithOpts(schema.ValueType(), tfprotov6.UnmarshalOpts{})
	if err != nil {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: stubError(err.Error())}, nil
	}
	dv, err := tfprotov6.NewDynamicValue(schema.ValueType(), v)
	if err != nil {
		return nil, err
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &dv}, nil
}

func (s *ngrokNgrokStub) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

func (s *ngrokNgrokStub) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate}, nil
}

func (s *ngrokNgrokStub) ApplyResourceChange(context.Context, *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return &tfprotov6.ApplyResourceChangeResponse{Diagnostics: stubError("the ngrok/ngrok stub changes nothing")}, nil
}

func stubError(detail string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "ngrok/ngrok stub", Detail: detail}}
}

// Provider addresses of the Terraform CLI runs that take over ngrok/ngrok's
// state: this provider as it is published, and ngrok's.
const tfedgeNgrokAddress = "registry.terraform.io/tfedge/ngrok"

// reattachProviders serves each provider of servers (by address) in this
// process for Terraform CLI runs started by the test, and returns the
// TF_REATTACH_PROVIDERS value that names them all.
func reattachProviders(t *testing.T, servers map[string]func() tfprotov6.ProviderServer) string {
	t.Helper()
	all := map[string]any{}
	for address, server := range servers {
		ctx, cancel := context.WithCancel(context.Background())
		reattach := make(chan *plugin.ReattachConfig, 1)
		closed := make(chan struct{})
		go func() {
			err := tf6server.Serve(address, server, tf6server.WithDebug(ctx, reattach, closed),
				tf6server.WithGoPluginLogger(hclog.NewNullLogger()), tf6server.WithLoggingSink(t))
			if err != nil {
				t.Errorf("serving %s: %v", address, err)
			}
		}()
		var cfg *plugin.ReattachConfig
		select {
		case cfg = <-reattach:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s did not start", address)
		}
		t.Cleanup(func() {
			cancel()
			<-closed
		})
		all[address] = map[string]any{
			"Protocol": string(cfg.Protocol), "ProtocolVersion": cfg.ProtocolVersion, "Pid": cfg.Pid, "Test": true,
			"Addr": map[string]string{"Network": cfg.Addr.Network(), "String": cfg.Addr.String()},
		}
	}
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// migrationProviders are this provider, at its published address, and the
// stub of ngrok/ngrok at version's schema.
func migrationProviders(t *testing.T, version string) string {
	t.Helper()
	stub := newNgrokNgrokStub(t, version)
	return reattachProviders(t, map[string]func() tfprotov6.ProviderServer{
		tfedgeNgrokAddress: providerserver.NewProtocol6(New("test")()),
		ngrokNgrokAddress:  func() tfprotov6.ProviderServer { return stub },
	})
}
