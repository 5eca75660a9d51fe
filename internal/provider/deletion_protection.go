package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// deletionProtectionPath is deletion_protection, which the objects whose
// release gives their name back to ngrok's pool (a reserved domain, a
// reserved TCP address) carry: while true, a plan that would delete the
// object, by a destroy or a replacement, is refused. It is held in the
// state, never sent to the API, so that it refuses the plan of a
// configuration that no longer has the resource at all, which
// `lifecycle { prevent_destroy = true }` cannot do.
var deletionProtectionPath = path.Root("deletion_protection")

// deletionProtectionAttribute describes deletion_protection for an object
// known by its noun ("reserved domain") and name ("domain name").
func deletionProtectionAttribute(noun, name string) schema.BoolAttribute {
	return schema.BoolAttribute{
		Description: fmt.Sprintf("While `true`, Terraform refuses at plan time to delete the %s, whether by `terraform destroy`, "+
			"by removing the resource from the configuration, or by a change that replaces it: a deleted %s goes back to "+
			"ngrok's pool, where any account may reserve its %s. Set it `false` and apply before deleting. Held in the "+
			"state only (never sent to the API), so it still refuses once the resource's block is gone, which "+
			"`lifecycle { prevent_destroy = true }` does not. To stop managing the %s without deleting it, use a `removed` "+
			"block with `lifecycle { destroy = false }` (or `terraform state rm`). `terraform apply -replace` is not "+
			"refused: Terraform plans it without asking the provider. Defaults to `false`.", noun, noun, name, noun),
		Optional: true,
		Computed: true,
		Default:  booldefault.StaticBool(false),
	}
}

// refuseProtectedDeletion is the step of ModifyPlan that refuses a plan
// deleting an object whose state has deletion_protection = true. name is
// the attribute that names the object in messages ("domain", "addr");
// replacedBy are the string attributes whose plan modifiers replace the object
// when configured and changed. A destroy reaches ModifyPlan with a null
// plan; a replacement does not show in it (the framework gives the
// resource's ModifyPlan none of the attribute modifiers' RequiresReplace),
// so the change of a replacedBy attribute is looked for here.
func refuseProtectedDeletion(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse,
	noun, name string, replacedBy ...string,
) {
	if req.State.Raw.IsNull() {
		return
	}
	var changed []string
	if !req.Plan.Raw.IsNull() {
		for _, a := range replacedBy {
			var cfg, plan, state types.String
			resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(a), &cfg)...)
			resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(a), &plan)...)
			resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(a), &state)...)
			if !cfg.IsNull() && !plan.Equal(state) {
				changed = append(changed, a)
			}
		}
		if len(changed) == 0 {
			return
		}
	}
	var protected types.Bool
	var named types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, deletionProtectionPath, &protected)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(name), &named)...)
	if resp.Diagnostics.HasError() || !protected.ValueBool() {
		return
	}
	what := fmt.Sprintf("This plan would delete the %s %s", noun, named.ValueString())
	if len(changed) > 0 {
		what = fmt.Sprintf("Changing %s replaces the %s %s, which deletes it", strings.Join(changed, ", "), noun, named.ValueString())
	}
	resp.Diagnostics.AddAttributeError(deletionProtectionPath, "Deletion Protection Is On",
		what+", and its deletion_protection is true: once deleted it goes back to ngrok's pool, where any account may "+
			"reserve it. To delete it, set deletion_protection = false (restoring the resource's block if it was removed) "+
			"and apply, then delete it. To stop managing it without deleting it, replace its block with a removed block "+
			"whose lifecycle has destroy = false, or run terraform state rm.")
}
