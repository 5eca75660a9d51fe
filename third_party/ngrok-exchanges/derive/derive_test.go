package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	ngrokexchanges "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-exchanges"
)

// The two forms of the files: 2025's (fenced blocks, -X) and 2022's (no
// method, blocks left open).
const (
	createRequest = "<!-- Code generated for API Clients. DO NOT EDIT. -->\n\n#### Example Request\n\n```bash\ncurl \\\n" +
		"-X POST \\\n-H \"Authorization: Bearer {API_KEY}\" \\\n-H \"Content-Type: application/json\" \\\n" +
		"-H \"Ngrok-Version: 2\" \\\n-d '{\"add\":{\"Content-Security-Policy\":\"script-src 'self'\"}, \"description\":\"x\"}' \\\n" +
		"https://api.ngrok.com/credentials\n```\n"
	createResponse = "<!-- Code generated for API Clients. DO NOT EDIT. -->\n\n#### Example Response\n\n```json\n" +
		`{"acl": [], "created_at": "2025-09-22T18:34:14Z", "id": "cr_334Ad4GePZPksnCjeczerLPnba7",` +
		` "token": "334Ad4GePZPksnCjeczerLPnba7_3y9oE8r2Q8MzAs8WeTPhg", "uri": "https://api.ngrok.com/credentials/cr_334Ad4GePZPksnCjeczerLPnba7"}` +
		"\n```\n"
	oldGetRequest  = "\n#### Example Request\n```bash\ncurl \\\n-H \"Authorization: Bearer {API_KEY}\" \\\n-H \"Ngrok-Version: 2\" \\\nhttps://api.ngrok.com/bot_users?limit=1\n"
	oldGetResponse = "#### Example Response\n```json\n{\"bot_users\": [], \"next_page_uri\": null, \"uri\": \"https://api.ngrok.com/bot_users\"}\n"
	errorRequest   = "```bash\ncurl \\\n-X POST \\\n-d '{}' \\\nhttps://api.ngrok.com/tunnel_sessions/ts_1vcl4fYZxXY0zNFbpCloylDCG0S/stop\n```\n"
	errorResponse  = "```json\n{\"details\": {\"operation_id\": \"op_334Aeyrey65X76TibyfUAKXtEin\"}, \"msg\": \"Resource not found\", \"status_code\": 404}\n```\n"
	deleteRequest  = "```bash\ncurl \\\n-X DELETE \\\nhttps://api.ngrok.com/credentials/cr_334Ad4GePZPksnCjeczerLPnba7\n```\n"
)

func deriveSample(t *testing.T, files map[string]string) ngrokexchanges.Corpus {
	t.Helper()
	in := map[string][]byte{}
	for name, content := range files {
		in[name] = []byte(content)
	}
	out, err := derive(in, "c0ffee")
	if err != nil {
		t.Fatal(err)
	}
	var c ngrokexchanges.Corpus
	if err := json.Unmarshal(out, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestDeriveKeepsTheFactsOfEachExchange(t *testing.T) {
	t.Parallel()
	c := deriveSample(t, map[string]string{
		"_credentials_create_request.md":    createRequest,
		"_credentials_create_response.md":   createResponse,
		"_credentials_delete_request.md":    deleteRequest,
		"_credentials_delete_response.md":   "",
		"_bot_users_list_request.md":        oldGetRequest,
		"_bot_users_list_response.md":       oldGetResponse,
		"_tunnel_sessions_stop_request.md":  errorRequest,
		"_tunnel_sessions_stop_response.md": errorResponse,
		"_app_users_get_request.md":         "",
		"_app_users_get_response.md":        "",
	})
	if c.Commit != "c0ffee" || c.Repository != "ngrok/ngrok-docs" || c.Folder != "docs/api/resources/examples" {
		t.Errorf("provenance = %q %q %q", c.Repository, c.Commit, c.Folder)
	}
	if len(c.Unrecorded) != 1 || c.Unrecorded[0] != "app_users_get" {
		t.Errorf("unrecorded = %v, want [app_users_get]", c.Unrecorded)
	}
	byName := map[string]ngrokexchanges.Exchange{}
	for _, x := range c.Exchanges {
		byName[x.Name] = x
	}
	tests := []struct {
		name, method, path, query, body string
		status                          int
		statusFrom, objectID, response  string
	}{
		{
			"credentials_create", "POST", "/credentials", "",
			`{"add":{"Content-Security-Policy":"script-src 'self'"},"description":"x"}`, 201, "method",
			"cr_334Ad4GePZPksnCjeczerLPnba7",
			`{"acl":[],"created_at":"timestamp","id":"id:cr_","token":"token:id","uri":"uri:api"}`,
		},
		{"credentials_delete", "DELETE", "/credentials/cr_334Ad4GePZPksnCjeczerLPnba7", "", "", 204, "method", "", "null"},
		{"bot_users_list", "GET", "/bot_users", "limit=1", "", 200, "method", "", `{"bot_users":[],"next_page_uri":"null","uri":"uri:api"}`},
		{
			"tunnel_sessions_stop", "POST", "/tunnel_sessions/ts_1vcl4fYZxXY0zNFbpCloylDCG0S/stop", "", "{}", 404, "body", "",
			`{"details":{"operation_id":"id:op_"},"msg":"string","status_code":"number"}`,
		},
	}
	for _, tt := range tests {
		x, ok := byName[tt.name]
		if !ok {
			t.Errorf("%s: not derived", tt.name)
			continue
		}
		response, _ := json.Marshal(x.Response)
		var body bytes.Buffer
		if len(x.Body) > 0 {
			if err := json.Compact(&body, x.Body); err != nil {
				t.Fatal(err)
			}
		}
		got := []string{x.Method, x.Path, x.Query, body.String(), x.StatusFrom, x.ObjectID, string(response)}
		want := []string{tt.method, tt.path, tt.query, tt.body, tt.statusFrom, tt.objectID, tt.response}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: fact %d = %s, want %s", tt.name, i, got[i], want[i])
			}
		}
		if x.Status != tt.status {
			t.Errorf("%s: status = %d, want %d", tt.name, x.Status, tt.status)
		}
		if x.RequestFile != "docs/api/resources/examples/_"+tt.name+"_request.md" {
			t.Errorf("%s: request file %q", tt.name, x.RequestFile)
		}
	}
}

// Nothing in the folder is left out unseen.
func TestDeriveRefusesWhatIsNotAnExchange(t *testing.T) {
	t.Parallel()
	tests := map[string]map[string]string{
		"another file":              {"README.md": "x"},
		"an answer without request": {"_x_get_request.md": "", "_x_get_response.md": createResponse},
		"a request without URL":     {"_x_get_request.md": "curl \\\n-X GET \\\n"},
		"another host":              {"_x_get_request.md": "curl \\\nhttps://api.ngrok.com.evil/x\n"},
		"a body that is not JSON":   {"_x_get_request.md": "-d '{' \\\nhttps://api.ngrok.com/x\n"},
		"an answer that is not JSON": {
			"_x_get_request.md": "https://api.ngrok.com/x\n", "_x_get_response.md": "```json\n{\n```\n",
		},
	}
	for name, files := range tests {
		in := map[string][]byte{}
		for n, c := range files {
			in[n] = []byte(c)
		}
		if _, err := derive(in, "c0ffee"); err == nil {
			t.Errorf("%s: derived", name)
		} else if !strings.Contains(err.Error(), "_") && name != "another file" {
			t.Errorf("%s: the error %q names no file", name, err)
		}
	}
}
