package mockserver

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"encoding/base64"
	"encoding/hex"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

func TestSSHCACreateValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
		code string
	}{
		{"unsupported key type", `{"private_key_type":"dsa"}`, errSSHCAKeyType.code},
		{"key type in upper case", `{"private_key_type":"RSA"}`, errSSHCAKeyType.code},
		{"curve with ed25519", `{"private_key_type":"ed25519","elliptic_curve":"p256"}`, errSSHCACurveWithoutECDSA.code},
		{"curve with the default type", `{"elliptic_curve":"p384"}`, errSSHCACurveWithoutECDSA.code},
		{"curve with rsa", `{"private_key_type":"rsa","elliptic_curve":"p256"}`, errSSHCACurveWithoutECDSA.code},
		{"unsupported curve", `{"private_key_type":"ecdsa","elliptic_curve":"p224"}`, errSSHCACurve.code},
		{"key size with ecdsa", `{"private_key_type":"ecdsa","key_size":2048}`, errSSHCASizeWithoutRSA.code},
		{"key size with the default type", `{"key_size":4096}`, errSSHCASizeWithoutRSA.code},
		{"unsupported key size", `{"private_key_type":"rsa","key_size":1024}`, errSSHCAKeySize.code},
		{"negative key size", `{"private_key_type":"rsa","key_size":-2048}`, errSSHCAKeySize.code},
		{"zero key size", `{"private_key_type":"rsa","key_size":0}`, errSSHCAKeySize.code},
		{"zero key size with the default type", `{"key_size":0}`, errSSHCASizeWithoutRSA.code},
		{"zero key size with ed25519", `{"private_key_type":"ed25519","key_size":0}`, errSSHCASizeWithoutRSA.code},
		{"description over 255 bytes", `{"description":"` + strings.Repeat("é", 128) + `"}`, errSSHCADescription.code},
		{"metadata over 4096 bytes", `{"metadata":"` + strings.Repeat("m", 4097) + `"}`, errSSHCAMetadata.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", tt.body)
			wantError(t, w, http.StatusBadRequest, tt.code)
			if n := s.sshCAs.len(); n != 0 {
				t.Errorf("a refused create stored %d objects", n)
			}
		})
	}
}

func TestSSHCALimitsAreInclusive(t *testing.T) {
	t.Parallel()
	body := `{"description":"` + strings.Repeat("d", 255) + `","metadata":"` + strings.Repeat("m", 4096) + `"}`
	ca := createCA(t, New(), body)
	if len(ca.Description) != 255 || len(ca.Metadata) != 4096 {
		t.Errorf("got description %d and metadata %d bytes, want 255 and 4096", len(ca.Description), len(ca.Metadata))
	}
}

func TestSSHCAKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		body    string
		keyType string
		sshType string
		detail  string // curve name or RSA bit length
	}{
		{"default is ed25519", `{}`, "ed25519", ssh.KeyAlgoED25519, ""},
		{"ed25519", `{"private_key_type":"ed25519"}`, "ed25519", ssh.KeyAlgoED25519, ""},
		{"ecdsa defaults to p256", `{"private_key_type":"ecdsa"}`, "ecdsa", ssh.KeyAlgoECDSA256, "P-256"},
		{"ecdsa p256", `{"private_key_type":"ecdsa","elliptic_curve":"p256"}`, "ecdsa", ssh.KeyAlgoECDSA256, "P-256"},
		{"ecdsa p384", `{"private_key_type":"ecdsa","elliptic_curve":"p384"}`, "ecdsa", ssh.KeyAlgoECDSA384, "P-384"},
		{"ecdsa p521", `{"private_key_type":"ecdsa","elliptic_curve":"p521"}`, "ecdsa", ssh.KeyAlgoECDSA521, "P-521"},
		{"rsa defaults to 4096 bits", `{"private_key_type":"rsa"}`, "rsa", ssh.KeyAlgoRSA, "4096"},
		{"rsa 2048", `{"private_key_type":"rsa","key_size":2048}`, "rsa", ssh.KeyAlgoRSA, "2048"},
		{"rsa 4096", `{"private_key_type":"rsa","key_size":4096}`, "rsa", ssh.KeyAlgoRSA, "4096"},
		{"rsa with a null key size takes the default", `{"private_key_type":"rsa","key_size":null}`, "rsa", ssh.KeyAlgoRSA, "4096"},
		{"empty strings and a null key size count as omitted", `{"private_key_type":"","elliptic_curve":"","key_size":null}`, "ed25519", ssh.KeyAlgoED25519, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ca := createCA(t, New(), tt.body)
			if ca.KeyType != tt.keyType {
				t.Errorf("key_type = %q, want %q", ca.KeyType, tt.keyType)
			}
			if strings.HasSuffix(ca.PublicKey, "\n") || len(strings.Fields(ca.PublicKey)) != 2 {
				t.Errorf("public_key = %q, want \"<type> <base64>\" without comment or newline", ca.PublicKey)
			}
			pub, comment, _, rest, err := ssh.ParseAuthorizedKey([]byte(ca.PublicKey))
			if err != nil {
				t.Fatalf("parsing public_key %q: %v", ca.PublicKey, err)
			}
			if comment != "" || len(rest) != 0 {
				t.Errorf("public_key has comment %q and trailing %q", comment, rest)
			}
			if pub.Type() != tt.sshType {
				t.Errorf("SSH key type = %q, want %q", pub.Type(), tt.sshType)
			}
			var detail string
			switch k := pub.(ssh.CryptoPublicKey).CryptoPublicKey().(type) {
			case *rsa.PublicKey:
				detail = strconv.Itoa(k.N.BitLen())
			case *ecdsa.PublicKey:
				detail = k.Curve.Params().Name
			}
			if detail != tt.detail {
				t.Errorf("key detail = %q, want %q", detail, tt.detail)
			}
		})
	}
}

func TestSSHCAResponseFields(t *testing.T) {
	t.Parallel()
	s := New()
	tests := []struct {
		name string
		body string
		want []string
	}{
		{"empty description and metadata are omitted", `{}`,
			[]string{"created_at", "id", "key_type", "public_key", "uri"}},
		{"description and metadata are present when set", `{"description":"d","metadata":"{\"team\":\"x\"}"}`,
			[]string{"created_at", "description", "id", "key_type", "metadata", "public_key", "uri"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", tt.body)
			wantStatus(t, w, http.StatusCreated)
			got := slices.Sorted(maps.Keys(decodeBody[map[string]any](t, w)))
			if !slices.Equal(got, tt.want) {
				t.Errorf("fields = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSSHCAPrivateKeyNeverReturned(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		`{"private_key_type":"ed25519"}`,
		`{"private_key_type":"ecdsa","elliptic_curve":"p384"}`,
		`{"private_key_type":"rsa","key_size":2048}`,
	} {
		t.Run(body, func(t *testing.T) {
			t.Parallel()
			s := New()
			create := do(t, s, http.MethodPost, "/ssh_certificate_authorities", body)
			wantStatus(t, create, http.StatusCreated)
			id := decodeBody[sshCAWire](t, create).ID
			stored, err := s.sshCAs.get(id)
			if err != nil {
				t.Fatal(err)
			}
			key, kerr := stored.signer()
			if kerr != nil {
				t.Fatal(kerr)
			}
			secrets := privateEncodings(t, key)
			responses := map[string]string{
				"create": create.Body.String(),
				"get":    do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, "").Body.String(),
				"list":   do(t, s, http.MethodGet, "/ssh_certificate_authorities", "").Body.String(),
				"patch":  do(t, s, http.MethodPatch, "/ssh_certificate_authorities/"+id, `{"description":"x"}`).Body.String(),
			}
			for op, resp := range responses {
				if strings.Contains(resp, "PRIVATE") {
					t.Errorf("%s response mentions a private key: %s", op, resp)
				}
				for _, secret := range secrets {
					if strings.Contains(resp, secret) {
						t.Errorf("%s response contains private key material %q", op, secret)
					}
				}
			}
		})
	}
}

// privateEncodings lists the ways the secret scalar of a key could leak:
// base64 (standard and URL-safe) and hex.
func privateEncodings(t *testing.T, key crypto.Signer) []string {
	t.Helper()
	var scalar []byte
	switch k := key.(type) {
	case ed25519.PrivateKey:
		scalar = k.Seed()
	case *ecdsa.PrivateKey:
		b, err := k.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		scalar = b
	case *rsa.PrivateKey:
		scalar = k.D.Bytes()
	default:
		t.Fatalf("unexpected key type %T", key)
	}
	return []string{
		base64.StdEncoding.EncodeToString(scalar)[:40],
		base64.RawURLEncoding.EncodeToString(scalar)[:40],
		hex.EncodeToString(scalar),
	}
}

func TestSSHCAGet(t *testing.T) {
	t.Parallel()
	s := New()
	created := createCA(t, s, `{"description":"d","metadata":"m"}`)
	w := do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+created.ID, "")
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[sshCAWire](t, w); got != created {
		t.Errorf("get = %+v, want the created %+v", got, created)
	}
}

func TestSSHCAPatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		body      string
		wantDesc  string
		wantMeta  string
		wantEmpty bool
	}{
		{"empty body changes nothing", ``, "d", "m", false},
		{"empty object changes nothing", `{}`, "d", "m", false},
		{"null leaves a field unchanged", `{"description":null,"metadata":null}`, "d", "m", false},
		{"absent field is left unchanged", `{"description":"new"}`, "new", "m", false},
		{"both fields change", `{"description":"D","metadata":"M"}`, "D", "M", false},
		{"empty strings clear", `{"description":"","metadata":""}`, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			created := createCA(t, s, `{"description":"d","metadata":"m"}`)
			w := do(t, s, http.MethodPatch, "/ssh_certificate_authorities/"+created.ID, tt.body)
			wantStatus(t, w, http.StatusOK)
			got := decodeBody[sshCAWire](t, w)
			if got.Description != tt.wantDesc || got.Metadata != tt.wantMeta {
				t.Errorf("after patch description %q metadata %q, want %q %q", got.Description, got.Metadata, tt.wantDesc, tt.wantMeta)
			}
			if got.PublicKey != created.PublicKey || got.CreatedAt != created.CreatedAt || got.KeyType != created.KeyType {
				t.Errorf("patch changed an immutable field: %+v, was %+v", got, created)
			}
			if tt.wantEmpty && (strings.Contains(w.Body.String(), `"description"`) || strings.Contains(w.Body.String(), `"metadata"`)) {
				t.Errorf("cleared fields are still present: %s", w.Body)
			}
			if reread := decodeBody[sshCAWire](t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+created.ID, "")); reread != got {
				t.Errorf("get after patch = %+v, want %+v", reread, got)
			}
		})
	}
}

func TestSSHCAPatchValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
		code string
	}{
		{"key type is not updatable", `{"private_key_type":"rsa"}`, errUnknownField.code},
		{"description over 255 bytes", `{"description":"` + strings.Repeat("d", 256) + `"}`, errSSHCADescription.code},
		{"metadata over 4096 bytes", `{"metadata":"` + strings.Repeat("m", 4097) + `"}`, errSSHCAMetadata.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			created := createCA(t, s, `{"description":"d"}`)
			w := do(t, s, http.MethodPatch, "/ssh_certificate_authorities/"+created.ID, tt.body)
			wantError(t, w, http.StatusBadRequest, tt.code)
			if got := decodeBody[sshCAWire](t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+created.ID, "")); got != created {
				t.Errorf("a refused patch changed the object to %+v", got)
			}
		})
	}
}

func TestSSHCAPatchUnknown(t *testing.T) {
	t.Parallel()
	w := do(t, New(), http.MethodPatch, "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh", `{"description":"x"}`)
	wantError(t, w, http.StatusNotFound, "")
}

func TestSSHCADelete(t *testing.T) {
	t.Parallel()
	s := New()
	created := createCA(t, s, "")
	target := "/ssh_certificate_authorities/" + created.ID
	wantStatus(t, do(t, s, http.MethodDelete, target, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, target, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodDelete, target, ""), http.StatusNotFound, "")
}

func TestSSHCAURIsUseTheRequestOrigin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		target string
		origin string
	}{
		{"http with port", "http://127.0.0.1:8080/ssh_certificate_authorities", "http://127.0.0.1:8080"},
		{"https", "https://mock.example.test/ssh_certificate_authorities", "https://mock.example.test"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New(WithPageSize(1))
			w := do(t, s, http.MethodPost, tt.target, "")
			wantStatus(t, w, http.StatusCreated)
			created := decodeBody[sshCAWire](t, w)
			if want := tt.origin + "/ssh_certificate_authorities/" + created.ID; created.URI != want {
				t.Errorf("uri = %q, want %q", created.URI, want)
			}
			createCA(t, s, "")
			page := listCAs(t, s, tt.target)
			if want := tt.origin + "/ssh_certificate_authorities"; page.URI != want {
				t.Errorf("list uri = %q, want %q", page.URI, want)
			}
			if page.NextPageURI == nil || !strings.HasPrefix(*page.NextPageURI, tt.origin+"/ssh_certificate_authorities?") {
				t.Errorf("next_page_uri = %v, want one on %s", page.NextPageURI, tt.origin)
			}
			if strings.Contains(w.Body.String(), "api.ngrok.com") {
				t.Errorf("response points at the real API: %s", w.Body)
			}
		})
	}
}
