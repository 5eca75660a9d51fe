package provider

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// clientFromProviderData returns the client that the provider's Configure
// handed over. It is nil while the provider is not configured yet, which the
// framework allows during validation.
func clientFromProviderData(data any, diags *diag.Diagnostics) *apiclient.Client {
	if data == nil {
		return nil
	}
	client, ok := data.(*apiclient.Client)
	if !ok {
		diags.AddError("Unexpected Provider Data",
			fmt.Sprintf("Expected *apiclient.Client, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return client
}

// quotedList renders values as `a`, `b` or `c` for attribute descriptions.
func quotedList(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = "`" + v + "`"
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

func quotedInts(values []int64) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = strconv.FormatInt(v, 10)
	}
	return quotedList(s)
}
