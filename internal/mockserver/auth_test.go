package mockserver

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
)

// Each way of getting the Authorization header wrong has its code of
// ngrok's error reference (errors/err_ngrok_200.mdx .. err_ngrok_208.mdx).
func TestAuthenticationCodes(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/credentials", `{}`)
	wantStatus(t, w, http.StatusCreated)
	authtoken := *decodeBody[CredentialWire](t, w).Token
	w = do(t, s, http.MethodPost, "/api_keys", `{}`)
	wantStatus(t, w, http.StatusCreated)
	key := decodeBody[APIKeyWire](t, w)
	basic := func(userPassword string) string {
		return "Basic " + base64.StdEncoding.EncodeToString([]byte(userPassword))
	}
	const absent = "\x00" // the header is not sent
	tests := []struct {
		name, header string
		status       int
		code         string
	}{
		{"no header", absent, http.StatusForbidden, errNoAuthorization.code},
		{"empty header", " ", http.StatusForbidden, errNoAuthorization.code},
		{"bearer without a key", "Bearer", http.StatusForbidden, errAuthorizationUnparsable.code},
		{"bearer and a space", "Bearer ", http.StatusForbidden, errAuthorizationUnparsable.code},
		{"key with a space", "Bearer a b", http.StatusForbidden, errAuthorizationUnparsable.code},
		{"another scheme", "Token " + DefaultAPIKey, http.StatusForbidden, errAuthorizationUnparsable.code},
		{"the key alone", DefaultAPIKey, http.StatusForbidden, errAuthorizationUnparsable.code},
		{"basic not base64", "Basic " + DefaultAPIKey, http.StatusForbidden, errAuthorizationUnparsable.code},
		{"basic without a colon", basic(DefaultAPIKey), http.StatusForbidden, errAuthorizationUnparsable.code},
		{"basic with nothing", basic(":"), http.StatusForbidden, errAuthorizationUnparsable.code},
		{"not a key's form", "Bearer not-a-key", http.StatusForbidden, errMalformedAPIKey.code},
		{"a key's form, unknown", "Bearer 2RfSBcv0nsy71XCHWOegjx1OoKh_5b7cKXn2XzQ4bZ3Wm1yTq", http.StatusForbidden, errUnknownAPIKey.code},
		{"an authtoken", "Bearer " + authtoken, http.StatusForbidden, errAuthtokenAsAPIKey.code},
		{"an API key's ID", "Bearer " + key.ID, http.StatusForbidden, errAPIKeyIDAsAPIKey.code},
		{"bearer", "Bearer " + DefaultAPIKey, http.StatusOK, ""},
		{"bearer in lower case", "bearer " + DefaultAPIKey, http.StatusOK, ""},
		{"a minted key", "Bearer " + *key.Token, http.StatusOK, ""},
		{"basic, the key as user", basic(DefaultAPIKey + ":"), http.StatusOK, ""},
		{"basic, the key as password", basic(":" + *key.Token), http.StatusOK, ""},
		{"basic, an unknown user", basic("someone:" + DefaultAPIKey), http.StatusForbidden, errMalformedAPIKey.code},
		{"basic, an authtoken", basic(authtoken + ":"), http.StatusForbidden, errAuthtokenAsAPIKey.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", func(r *http.Request) {
				r.Header.Del("Authorization")
				if tt.header != absent {
					r.Header.Set("Authorization", tt.header)
				}
			})
			if tt.code == "" {
				wantStatus(t, w, tt.status)
				return
			}
			wantError(t, w, tt.status, tt.code)
		})
	}
}

// The messages are ngrok's, with the credential sent in place of TOKEN or
// VAL (errors/err_ngrok_N.mdx), a secret quoted by its start only.
func TestAuthenticationMessages(t *testing.T) {
	t.Parallel()
	const tail = " API keys and instructions are available on your dashboard: https://dashboard.ngrok.com/api-keys"
	for header, want := range map[string]string{
		"": "The ngrok API requires that you set the Authorization header for authentication. " +
			"Your API keys and instructions are available on your dashboard: https://dashboard.ngrok.com/api-keys",
		"Token x": "The ngrok API requires that you use Basic or Bearer authentication via the Authorization header. " +
			"It could not parse the header in this request. Authorization Header: Token ...." + tail,
		"Bearer not-a-key": "The API authentication you specified does not look like a valid credential. Your credential: ...." + tail,
		"Bearer ab_cd":     "The API authentication you specified is properly formed, but it is invalid. Your authentication: ...." + tail,
		"Bearer ak_2RfSBcv0nsy71XCHWOegjx1OoKh": "The authentication you specified is actually an API key ID, not an API key token. " +
			"Your credential: ak_2RfSBcv0nsy71XCHWOegjx1OoKh. Check your records for an API key with the form FIRSTPART_SECONDPART." + tail,
	} {
		t.Run(header, func(t *testing.T) {
			t.Parallel()
			w := do(t, New(), http.MethodGet, "/ssh_certificate_authorities", "", withHeader("Authorization", header))
			if got := decodeBody[errorBody](t, w).Msg; got != want {
				t.Errorf("msg = %q\nwant  %q", got, want)
			}
		})
	}
}

func TestMoreThanOneAuthorizationHeader(t *testing.T) {
	t.Parallel()
	for name, second := range map[string]string{
		"a different key": "Bearer other-key",
		"the same key":    "Bearer " + DefaultAPIKey,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			add := func(r *http.Request) { r.Header.Add("Authorization", second) }
			w := do(t, New(), http.MethodGet, "/ssh_certificate_authorities", "", add)
			wantError(t, w, http.StatusForbidden, errAuthorizationUnparsable.code)
			if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "Authorization Header: Bearer "+partialSecret(DefaultAPIKey)+", Bearer "+partialSecret(strings.TrimPrefix(second, "Bearer "))+".") {
				t.Errorf("msg %q does not quote the start of both headers", msg)
			}
			wantStatus(t, do(t, New(), http.MethodGet, "/_mock/journal", "", add), http.StatusForbidden)
		})
	}
}

// A deleted API key and a deleted credential are no longer recognised:
// the key is refused as unknown, the authtoken is no longer named as one.
func TestDeletedKeysAreUnknown(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/credentials", `{}`)
	wantStatus(t, w, http.StatusCreated)
	cred := decodeBody[CredentialWire](t, w)
	w = do(t, s, http.MethodPost, "/api_keys", `{}`)
	wantStatus(t, w, http.StatusCreated)
	key := decodeBody[APIKeyWire](t, w)
	wantStatus(t, do(t, s, http.MethodDelete, "/credentials/"+cred.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodDelete, "/api_keys/"+key.ID, ""), http.StatusNoContent)
	for _, token := range []string{*cred.Token, *key.Token} {
		w := do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", withHeader("Authorization", "Bearer "+token))
		wantError(t, w, http.StatusForbidden, errUnknownAPIKey.code)
	}
}

func TestAPIKeyForm(t *testing.T) {
	t.Parallel()
	for token, want := range map[string]bool{
		"2RfSBcv0nsy71XCHWOegjx1OoKh_5b7cKXn2XzQ4bZ3Wm1yTq": true,
		"a_b": true,
		"_b":  false, "a_": false, "ab": false, "a_b_c": false, "a-b_c": false, "a_b c": false, "": false,
	} {
		if got := apiKeyForm(token); got != want {
			t.Errorf("apiKeyForm(%q) = %v, want %v", token, got, want)
		}
	}
}
