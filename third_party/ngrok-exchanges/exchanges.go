// Package ngrokexchanges holds the facts of the API exchanges ngrok recorded
// for its API reference (exchanges.json, derived by ./derive; see
// README.md), and the one vocabulary of value shapes that the derivation
// and the mock's replay test (internal/mockserver) share: Shape.
package ngrokexchanges

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// Facts is exchanges.json: a Corpus.
//
//go:embed exchanges.json
var Facts []byte

// Origin is the origin of every recorded request and of every absolute
// uri in the recorded answers.
const Origin = "https://api.ngrok.com"

// Corpus is the facts of one commit's folder of recorded exchanges.
type Corpus struct {
	Note       string `json:"note"`
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	Folder     string `json:"folder"`
	// Exchanges, by name.
	Exchanges []Exchange `json:"exchanges"`
	// Unrecorded are the names whose request and answer files are both
	// empty: ngrok's generator recorded nothing for them.
	Unrecorded []string `json:"unrecorded"`
}

// Exchange is one recorded request and its answer, from the files
// _<name>_request.md and _<name>_response.md of the corpus's folder.
type Exchange struct {
	// Name is the files' stem: <collection>_<operation>, e.g.
	// credentials_create.
	Name         string `json:"name"`
	RequestFile  string `json:"request_file"`
	ResponseFile string `json:"response_file"`
	Method       string `json:"method"`
	// Path is the request's path with the recorded IDs in it; Query its
	// query string, if any.
	Path  string `json:"path"`
	Query string `json:"query,omitempty"`
	// Body is the request's body as sent, if any.
	Body json.RawMessage `json:"body,omitempty"`
	// Status is the answer's status: an error body's status_code
	// (StatusFrom "body"), otherwise inferred from the method, as the files
	// carry no status line (StatusFrom "method": POST 201, DELETE 204,
	// others 200).
	Status     int    `json:"status"`
	StatusFrom string `json:"status_from"`
	// ObjectID is the answer's own id, if it has one: what a later
	// exchange's path names when it names the object this one made.
	ObjectID string `json:"object_id,omitempty"`
	// Response is the Shape of the answer's body; absent when the answer
	// has none.
	Response any `json:"response,omitempty"`
}

// Load decodes the committed facts.
func Load() (*Corpus, error) {
	var c Corpus
	if err := json.Unmarshal(Facts, &c); err != nil {
		return nil, fmt.Errorf("decoding exchanges.json: %w", err)
	}
	return &c, nil
}
