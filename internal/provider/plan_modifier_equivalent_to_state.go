package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// equivalentToState plans the prior state's value when the configured value
// means the same (another notation or spelling), so that such a rewrite is
// no diff. Terraform accepts a planned value that differs from the
// configuration only in this case: it equals the prior state.
func equivalentToState(description string, equivalent func(a, b string) bool) planmodifier.String {
	return equivalentToStateModifier{description: description, equivalent: equivalent}
}

type equivalentToStateModifier struct {
	description string
	equivalent  func(a, b string) bool
}

func (m equivalentToStateModifier) Description(context.Context) string { return m.description }

func (m equivalentToStateModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m equivalentToStateModifier) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	if m.equivalent(req.StateValue.ValueString(), req.PlanValue.ValueString()) {
		resp.PlanValue = req.StateValue
	}
}

// equivalentSetToState is equivalentToState for a set: it plans the prior
// state's value when the configured one means the same. It leaves a
// create's plan, and a null state, alone: Terraform takes a planned value
// other than the configuration's only when it is the prior state's, and
// that prior value is not null.
func equivalentSetToState(description string, equivalent func(state, plan types.Set) bool) planmodifier.Set {
	return equivalentSetToStateModifier{description: description, equivalent: equivalent}
}

type equivalentSetToStateModifier struct {
	description string
	equivalent  func(state, plan types.Set) bool
}

func (m equivalentSetToStateModifier) Description(context.Context) string { return m.description }

func (m equivalentSetToStateModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m equivalentSetToStateModifier) PlanModifySet(_ context.Context, req planmodifier.SetRequest, resp *planmodifier.SetResponse) {
	if req.State.Raw.IsNull() || req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsUnknown() {
		return
	}
	if m.equivalent(req.StateValue, req.PlanValue) {
		resp.PlanValue = req.StateValue
	}
}

// equivalentJSONText reports whether two free-text values are the same
// text, or are both a JSON object or array with the same meaning (another
// key order, other whitespace, 1 and 1.0). Other text compares byte for
// byte: a free-text value is not JSON unless it looks like an object or an
// array.
//
// NOTE: terraform plan -generate-config-out writes a string that holds a
// JSON object or array as jsonencode(...), which re-serialises it compactly
// with sorted keys; without this comparison, importing an object whose
// metadata the API holds in any other formatting would plan an update.
func equivalentJSONText(a, b string) bool {
	if a == b {
		return true
	}
	ca, okA := canonicalJSONText(a)
	cb, okB := canonicalJSONText(b)
	return okA && okB && ca == cb
}

// canonicalJSONText is a JSON object or array as compact JSON with sorted
// keys and canonical numbers; ok is false for any other text.
func canonicalJSONText(text string) (string, bool) {
	trimmed := strings.TrimSpace(text)
	if !strings.HasPrefix(trimmed, "{") && !strings.HasPrefix(trimmed, "[") {
		return "", false
	}
	dec := json.NewDecoder(strings.NewReader(trimmed))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return "", false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return "", false // more than one value
	}
	norm, err := normalizePolicyValue(doc)
	if err != nil {
		return "", false
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(norm); err != nil {
		return "", false
	}
	return buf.String(), true
}
