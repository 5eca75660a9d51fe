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
	if ie, ok := errors.AsType[*apiclient.CreateInterruptedError](err); ok {
		return interruptedCreateDetail(ie)
	}
	if ue, ok := errors.AsType[*apiclient.UnreachableError](err); ok {
		return unreachableDetail(ue)
	}
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

// apiErrorHint says what the user can do about e: the hint of its code
// (apiErrorCodeHints), else that of its status.
func apiErrorHint(e *apiclient.APIError) string {
	if hint, ok := apiErrorCodeHints[e.ErrorCode]; ok {
		return hint
	}
	switch {
	case e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden:
		return "Check the API key (api_key or " + envAPIKey + "): it must be an ngrok API key, not an agent authtoken, and it must belong to the account that owns these objects."
	case apiclient.IsRouteNotFound(e):
		return "The API does not serve this path: the request did not reach the object, which may well exist. Check " +
			"api_base_url (or the " + envAPIBaseURL + " environment variable): it must be the address of the ngrok API (" +
			apiclient.DefaultBaseURL + ", the default when neither is set) or of a running ngrok-mock; a path after the host is sent before every request's own."
	case e.StatusCode == http.StatusNotFound:
		return "The object does not exist in this account. It may have been deleted outside Terraform, or the ID may belong to another account."
	case e.StatusCode == http.StatusConflict:
		return "Another object already holds this value. Import the existing object with terraform import, or choose another value."
	case e.StatusCode == http.StatusTooManyRequests:
		return "The API kept rate limiting the provider until retry_timeout (or max_retries) ran out. Other clients may be " +
			"using the account's limit: lower requests_per_minute to leave them room, or raise retry_timeout."
	case e.StatusCode >= 500:
		return "The ngrok API failed on its side. Try again later; if it persists, contact ngrok support with the operation ID."
	case e.StatusCode == http.StatusBadRequest:
		return "Correct the configuration value named in the message above and apply again."
	}
	return ""
}

// interruptedCreateDetail explains a create whose run was interrupted
// (Ctrl-C, a timeout) while the request was on its way.
func interruptedCreateDetail(e *apiclient.CreateInterruptedError) string {
	if e.ID != "" {
		return fmt.Sprintf("The run was interrupted (%v) while the ngrok API was creating the object, and the API had "+
			"already created it: %s. The provider saved it in the state, where Terraform marks it tainted: the next "+
			"apply replaces it. To keep it instead, run terraform untaint on this resource before that apply.", e.Err, e.ID)
	}
	return fmt.Sprintf("The run was interrupted (%v) while the ngrok API was creating the object, and the provider "+
		"could not learn whether the API created it (%v). Look for the object in the ngrok dashboard or API: if it "+
		"exists, import it with terraform import, or delete it, before the next apply.", e.Err, e.ReplayErr)
}

// unreachableDetail explains a first request that could not connect: the
// setting to check comes first, since a wrong URL is the likely cause.
func unreachableDetail(e *apiclient.UnreachableError) string {
	return fmt.Sprintf("The provider could not connect to the ngrok API at %s (%v), and has had no answer from it in this run, "+
		"so it did not retry. Check api_base_url (or the %s environment variable): it must be the address of the "+
		"ngrok API (%s, the default when neither is set) or of a running ngrok-mock. Nothing reached the API, so "+
		"nothing was created or changed.", e.BaseURL, e.Err, envAPIBaseURL, apiclient.DefaultBaseURL)
}
