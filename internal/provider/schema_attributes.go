package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// descriptionResourceAttribute and metadataResourceAttribute are the
// free-text attributes of a resource: optional, "" when omitted (the API
// omits empty ones), limited in bytes, changed in place, and compared as
// JSON when they hold a JSON object or array (see equivalentJSONText).

func descriptionResourceAttribute() schema.StringAttribute {
	return freeTextResourceAttribute(
		fmt.Sprintf("Human-readable description, at most %d bytes.", maxDescriptionBytes), maxDescriptionBytes)
}

func metadataResourceAttribute() schema.StringAttribute {
	return freeTextResourceAttribute(fmt.Sprintf("Arbitrary machine-readable data (often JSON), at most %d bytes. "+
		"A JSON object or array is compared by meaning: reformatting it, or reordering its keys, is not a change.",
		maxMetadataBytes), maxMetadataBytes)
}

func freeTextResourceAttribute(description string, maxBytes int) schema.StringAttribute {
	return schema.StringAttribute{
		Description: description,
		Optional:    true,
		Computed:    true,
		Default:     stringdefault.StaticString(""),
		Validators:  []validator.String{stringvalidator.LengthAtMost(maxBytes)},
		PlanModifiers: []planmodifier.String{
			equivalentToState("the same JSON in another formatting keeps the prior value", equivalentJSONText),
		},
	}
}

// serverSetAttribute is a computed string that the server sets once and
// never changes (an ID, a uri, a creation time, a CNAME target): its prior
// value is planned rather than "known after apply".
func serverSetAttribute(description string) schema.StringAttribute {
	return schema.StringAttribute{
		Description:   description,
		Computed:      true,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}
