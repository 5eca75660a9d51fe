package provider

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// apiErrorDiagnostic turns a client error into a diagnostic whose detail
// quotes what the API said (code, message, operation ID) and says what the
// user can do about it.
func apiErrorDiagnostic(summary string, err error) diag.Diagnostic {
	return diag.NewErrorDiagnostic(summary, apiErrorDetail(err))
}

func apiErrorDetail(err error) string {
	var b strings.Builder
	var apiErr *apiclient.APIError
	if !errors.As(err, &apiErr) {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(&b, "The request was interrupted before the ngrok API answered: %s.", err)
			b.WriteString("\n\nIf a timeout was reached, run the command again: the provider reads the real state first.")
			return b.String()
		}
		fmt.Fprintf(&b, "The ngrok API could not be reached: %s.", err)
		b.WriteString("\n\nCheck api_base_url and your network connection, then try again.")
		return b.String()
	}

	fmt.Fprintf(&b, "The ngrok API answered %d %s", apiErr.StatusCode, http.StatusText(apiErr.StatusCode))
	if apiErr.ErrorCode != "" {
		fmt.Fprintf(&b, " with %s", apiErr.ErrorCode)
	}
	b.WriteString(".")
	if apiErr.Msg != "" {
		fmt.Fprintf(&b, "\n\n%s", strings.TrimSpace(apiErr.Msg))
	} else if apiErr.Body != "" {
		fmt.Fprintf(&b, "\n\nResponse body: %s", apiErr.Body)
	}
	if apiErr.OperationID != "" {
		fmt.Fprintf(&b, "\n\nOperation ID: %s (quote it to ngrok support).", apiErr.OperationID)
	}
	if hint := apiErrorHint(apiErr); hint != "" {
		fmt.Fprintf(&b, "\n\n%s", hint)
	}
	return b.String()
}

func apiErrorHint(e *apiclient.APIError) string {
	switch {
	case e.ErrorCode == errCodeEdgesReadOnly:
		return edgesReadOnlyHint
	case e.ErrorCode == errCodeDomainInUse:
		return domainInUseHint
	case e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden:
		return "Check the API key (api_key or " + envAPIKey + "): it must be an ngrok API key, not an agent authtoken, and it must belong to the account that owns these objects."
	case e.StatusCode == http.StatusNotFound:
		return "The object does not exist in this account. It may have been deleted outside Terraform, or the ID may belong to another account."
	case e.StatusCode == http.StatusConflict:
		return "Another object already holds this value. Import the existing object with terraform import, or choose another value."
	case e.StatusCode == http.StatusTooManyRequests:
		return "The API kept rate limiting the provider after every retry. Wait a minute, reduce -parallelism, or raise max_retries."
	case e.StatusCode >= 500:
		return "The ngrok API failed on its side. Try again later; if it persists, contact ngrok support with the operation ID."
	case e.StatusCode == http.StatusBadRequest:
		return "Correct the configuration value named in the message above and apply again."
	}
	return ""
}
