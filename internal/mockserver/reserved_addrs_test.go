package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

func createReservedAddr(t *testing.T, s http.Handler, body string) reservedAddrWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/reserved_addrs", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[reservedAddrWire](t, w)
}

func TestReservedAddrAssignsAnAddress(t *testing.T) {
	t.Parallel()
	s := New()
	us := createReservedAddr(t, s, `{"description":"ssh"}`)
	eu := createReservedAddr(t, s, `{"region":"eu"}`)
	if !wellFormedID(us.ID, prefixReservedAddr) || us.Region != "us" || !strings.HasPrefix(us.Addr, "1.tcp.ngrok.io:") || us.Description != "ssh" {
		t.Errorf("us: %+v", us)
	}
	if eu.Region != "eu" || !strings.HasPrefix(eu.Addr, "1.tcp.eu.ngrok.io:") {
		t.Errorf("eu: %+v", eu)
	}
	seen := map[string]bool{}
	for range 50 {
		a := createReservedAddr(t, s, `{}`)
		if seen[a.Addr] || a.Addr == us.Addr {
			t.Fatalf("the address %s was assigned twice", a.Addr)
		}
		seen[a.Addr] = true
	}
	w := do(t, s, http.MethodPatch, "/reserved_addrs/"+us.ID, `{"metadata":"m"}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[reservedAddrWire](t, w); got.Addr != us.Addr || got.Metadata != "m" {
		t.Errorf("after PATCH: %+v", got)
	}
	wantError(t, do(t, s, http.MethodPatch, "/reserved_addrs/"+us.ID, `{}`), http.StatusBadRequest, errReservedAddrEmptyUpdate.code)
	wantError(t, do(t, s, http.MethodPatch, "/reserved_addrs/"+us.ID, `{"addr":"1.tcp.ngrok.io:1"}`), http.StatusBadRequest, errUnknownField.code)
	wantError(t, do(t, s, http.MethodPost, "/reserved_addrs", `{"region":"mars"}`), http.StatusBadRequest, errReservedAddrRegion.code)
}

// A public tcp:// cloud endpoint must be on a reserved address of the
// account, host and port.
func TestReservedAddrGatesTCPEndpoints(t *testing.T) {
	t.Parallel()
	s := New()
	a := createReservedAddr(t, s, `{}`)
	body := func(u string) string {
		return endpointBody(t, map[string]any{"url": u, "traffic_policy": testTCPPolicy})
	}
	w := do(t, s, http.MethodPost, "/endpoints", body("tcp://"+a.Addr))
	wantStatus(t, w, http.StatusCreated)
	for _, u := range []string{"tcp://1.tcp.ngrok.io:1", "tcp://2.tcp.ngrok.io:" + strings.Split(a.Addr, ":")[1]} {
		w := do(t, s, http.MethodPost, "/endpoints", body(u))
		wantError(t, w, http.StatusBadRequest, errEndpointDomainMissing.code)
	}
	// An internal tcp endpoint needs no reserved address.
	wantStatus(t, do(t, s, http.MethodPost, "/endpoints", body("tcp://db.internal:5432")), http.StatusCreated)
	if _, err := s.SeedReservedAddr("5.TCP.ngrok.io:21000", ""); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, do(t, s, http.MethodPost, "/endpoints", body("tcp://5.tcp.ngrok.io:21000")), http.StatusCreated)
	if _, err := s.SeedReservedAddr("5.tcp.ngrok.io:21000", ""); err == nil {
		t.Error("the same address was seeded twice")
	}
	if _, err := s.SeedReservedAddr("5.tcp.ngrok.io", ""); err == nil {
		t.Error("an address without a port was seeded")
	}
}

// A tcp endpoint on a reserved address names it in tcp_addr [real:
// ngrok-api-go datatypes.go]; other endpoints have none, and deleting the
// address takes it off.
func TestReservedAddrIsTheTCPAddrOfItsEndpoints(t *testing.T) {
	t.Parallel()
	s := New()
	a := createReservedAddr(t, s, `{}`)
	b := createReservedAddr(t, s, `{}`)
	ep := createEndpoint(t, s, map[string]any{"url": "tcp://" + a.Addr})
	if want := (refWire{ID: a.ID, URI: "http://example.com/reserved_addrs/" + a.ID}); ep.TCPAddr == nil || *ep.TCPAddr != want {
		t.Errorf("tcp_addr = %+v, want %+v", ep.TCPAddr, want)
	}
	moved := decodeBody[endpointWire](t, do(t, s, http.MethodPatch, "/endpoints/"+ep.ID, `{"url":"tcp://`+b.Addr+`"}`))
	if moved.TCPAddr == nil || moved.TCPAddr.ID != b.ID {
		t.Errorf("tcp_addr after moving to %s = %+v", b.Addr, moved.TCPAddr)
	}
	internal := createEndpoint(t, s, map[string]any{"url": "tcp://db.internal:5432"})
	if raw := rawFields(t, do(t, s, http.MethodGet, "/endpoints/"+internal.ID, "").Body.Bytes()); raw["tcp_addr"] != nil {
		t.Errorf("an endpoint on no reserved address has tcp_addr %v", raw["tcp_addr"])
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_addrs/"+b.ID, ""), http.StatusNoContent)
	if raw := rawFields(t, do(t, s, http.MethodGet, "/endpoints/"+ep.ID, "").Body.Bytes()); raw["tcp_addr"] != nil {
		t.Errorf("tcp_addr after the address's delete = %v", raw["tcp_addr"])
	}
}
