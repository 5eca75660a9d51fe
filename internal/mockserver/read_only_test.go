package mockserver

import (
	"maps"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readOnlyFixtures seed one object of each read-only collection (by table
// name) and return its list path and ID.
var readOnlyFixtures = map[string]func(t *testing.T, s *Server) (path, id string){
	collTunnelSessions: func(t *testing.T, s *Server) (string, string) {
		return "/tunnel_sessions", seedSession(t, s, TunnelSessionSeed{})
	},
	collTunnels: func(t *testing.T, s *Server) (string, string) {
		session, err := s.SeedTunnelSession(TunnelSessionSeed{})
		if err != nil {
			t.Fatal(err)
		}
		id, err := s.SeedTunnel(TunnelSeed{TunnelSessionID: session, Labels: map[string]string{"app": "web"}})
		if err != nil {
			t.Fatal(err)
		}
		return "/tunnels", id
	},
	tableApplicationUsers: func(t *testing.T, s *Server) (string, string) {
		id, err := s.SeedApplicationUser(ApplicationUserSeed{})
		if err != nil {
			t.Fatal(err)
		}
		return "/app/users", id
	},
	tableApplicationSessions: func(t *testing.T, s *Server) (string, string) {
		user, err := s.SeedApplicationUser(ApplicationUserSeed{})
		if err != nil {
			t.Fatal(err)
		}
		id, err := s.SeedApplicationSession(ApplicationSessionSeed{ApplicationUserID: user})
		if err != nil {
			t.Fatal(err)
		}
		return "/app/sessions", id
	},
}

func TestEveryReadOnlyCollectionIsTested(t *testing.T) {
	t.Parallel()
	got := slices.Sorted(maps.Keys(readOnlyFixtures))
	if want := slices.Sorted(slices.Values(readOnlyCollections)); !slices.Equal(got, want) {
		t.Errorf("fixtures for %v, read-only collections %v", got, want)
	}
}

// Every read-only collection lists and reads, refuses what the API does not
// serve, and meets the operational parts: the control API's delete, fault
// rules, the journal and the state file.
func TestReadOnlyCollections(t *testing.T) {
	t.Parallel()
	for _, name := range readOnlyCollections {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "state")
			s := New(WithStateFile(path))
			first, _ := readOnlyFixtures[name](t, s)
			list, id := readOnlyFixtures[name](t, s)
			one := list + "/" + id
			w := do(t, s, http.MethodGet, list+"?limit=1", "")
			wantStatus(t, w, http.StatusOK)
			if !strings.Contains(w.Body.String(), `"id":"`+id+`"`) {
				t.Errorf("the list does not hold %s: %s", id, w.Body)
			}
			// The list names its own path, which a client follows to the
			// next page (/app/users is the table application_users).
			page := decodeBody[struct {
				URI  string  `json:"uri"`
				Next *string `json:"next_page_uri"`
			}](t, w)
			if page.URI != "http://example.com"+list || first != list || page.Next == nil ||
				!strings.HasPrefix(*page.Next, "http://example.com"+list+"?") {
				t.Fatalf("uri %q, next_page_uri %v; want them under %s", page.URI, page.Next, list)
			}
			wantStatus(t, do(t, s, http.MethodGet, strings.TrimPrefix(*page.Next, "http://example.com"), ""), http.StatusOK)
			wantStatus(t, do(t, s, http.MethodGet, one, ""), http.StatusOK)
			wantRouteNotFound(t, do(t, s, http.MethodPost, list, `{}`), list)
			wantRouteNotFound(t, do(t, s, http.MethodPatch, one, `{}`), one)
			wantError(t, do(t, s, http.MethodGet, list+"/op_2RfSBcv0nsy71XCHWOegjx1OoKh", ""), http.StatusBadRequest, errWrongIDPrefix.code)

			if err := s.SaveState(); err != nil {
				t.Fatal(err)
			}
			s = restart(t, s, path)
			wantStatus(t, do(t, s, http.MethodGet, one, ""), http.StatusOK)

			if _, err := s.AddFault(FaultRule{Method: http.MethodGet, Path: list + "/*", Status: http.StatusBadGateway}); err != nil {
				t.Fatal(err)
			}
			wantInjectedError(t, do(t, s, http.MethodGet, one, ""), http.StatusBadGateway, "")
			if err := s.DeleteObject(name, id); err != nil {
				t.Fatal(err)
			}
			wantError(t, do(t, s, http.MethodGet, one, ""), http.StatusNotFound, "")
		})
	}
}
