package mockserver

import (
	"encoding/binary"
	"math/big"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// decodeKSUID reads the 27 characters of an ID back into its 20 bytes.
func decodeKSUID(t *testing.T, id string) [ksuidLen]byte {
	t.Helper()
	body := idBody(id)
	if body == "" {
		t.Fatalf("%q is not prefix and 27 base-62 characters", id)
	}
	n := new(big.Int)
	for _, c := range []byte(body) {
		n.Mul(n, big.NewInt(62))
		n.Add(n, big.NewInt(int64(strings.IndexByte(base62, c))))
	}
	var raw [ksuidLen]byte
	if n.BitLen() > 8*ksuidLen {
		t.Fatalf("%q is beyond 160 bits", id)
	}
	n.FillBytes(raw[:])
	return raw
}

// The layout is a KSUID: the first 4 bytes are the seconds since the KSUID
// epoch, the rest is the ID source's randomness.
func TestIDIsKSUIDShaped(t *testing.T) {
	t.Parallel()
	at := time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)
	s := New(WithClock(func() time.Time { return at }), WithIDSource(zeros{}))
	ca := createCA(t, s, `{}`)
	raw := decodeKSUID(t, ca.ID)
	if got := int64(binary.BigEndian.Uint32(raw[:4])) + ksuidEpoch; got != at.Unix() {
		t.Errorf("timestamp of %s = %d, want %d", ca.ID, got, at.Unix())
	}
	// The operation ID of the create was minted first, with the same
	// (zero) randomness: the object ID is that one plus one.
	if payload := raw[4:]; !slices.Equal(payload[:15], make([]byte, 15)) || payload[15] != 1 {
		t.Errorf("payload of %s = %x, want fifteen zero bytes and a 1", ca.ID, payload)
	}
}

// ID order is creation order: in one second (the random parts then decide
// nothing), and when the clock goes backwards.
func TestIDOrderIsCreationOrder(t *testing.T) {
	t.Parallel()
	base := time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)
	clocks := map[string]func(i int) time.Time{
		"same second":          func(int) time.Time { return base },
		"clock going backward": func(i int) time.Time { return base.Add(-time.Duration(i) * time.Second) },
	}
	for name, clock := range clocks {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			i := 0
			s := New(WithClock(func() time.Time {
				mu.Lock()
				defer mu.Unlock()
				i++
				return clock(i)
			}))
			var created []string
			for range 50 {
				created = append(created, createCA(t, s, `{}`).ID)
			}
			if !slices.IsSorted(created) {
				t.Errorf("IDs in creation order are not ascending: %v", created)
			}
			got, _ := collect(t, s, "/ssh_certificate_authorities")
			slices.Reverse(created)
			if !slices.Equal(got, created) {
				t.Errorf("list = %v, want newest (last created) first %v", got, created)
			}
		})
	}
}

// A restart continues the order, even with a clock behind the one before.
func TestIDOrderSurvivesRestart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	later := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	s := New(WithStateFile(path), WithClock(func() time.Time { return later }))
	if err := s.LoadStateFile(); err != nil {
		t.Fatal(err)
	}
	before := createCA(t, s, `{}`)
	closeServer(t, s)

	earlier := later.AddDate(-5, 0, 0)
	s2 := New(WithStateFile(path), WithClock(func() time.Time { return earlier }))
	if err := s2.LoadStateFile(); err != nil {
		t.Fatal(err)
	}
	defer closeServer(t, s2)
	after := createCA(t, s2, `{}`)
	if after.ID <= before.ID {
		t.Errorf("ID after the restart %s is not greater than %s, created before it", after.ID, before.ID)
	}
}

// A seeded ID counts like a minted one: IDs minted after it are greater.
func TestIDsAfterSeededIDAreGreater(t *testing.T) {
	t.Parallel()
	s := New()
	const far = "ipp_zzzzzzzzzzzzzzzzzzzzzzzzzy0"
	if _, err := s.SeedIPPolicy(IPPolicySeed{ID: far}); err != nil {
		t.Fatal(err)
	}
	ca := createCA(t, s, `{}`)
	if idBody(ca.ID) <= idBody(far) {
		t.Errorf("ID %s minted after seeding %s is not greater", ca.ID, far)
	}
	// The greatest 27-character ID leaves nothing to mint: a server error,
	// never a duplicate.
	if _, err := s.SeedIPPolicy(IPPolicySeed{ID: "ipp_" + strings.Repeat("z", idLen)}); err != nil {
		t.Fatal(err)
	}
	wantError(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`), http.StatusInternalServerError, "")
}

func TestIncrementBase62(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"000", "001", true},
		{"009", "00A", true},
		{"00Z", "00a", true},
		{"00z", "010", true},
		{"0zz", "100", true},
		{"zzz", "000", false},
	}
	for _, tt := range tests {
		b := []byte(tt.in)
		if ok := incrementBase62(b); string(b) != tt.want || ok != tt.ok {
			t.Errorf("increment(%s) = %s, %v; want %s, %v", tt.in, b, ok, tt.want, tt.ok)
		}
	}
}

func TestWellFormedID(t *testing.T) {
	t.Parallel()
	for id, want := range map[string]bool{
		"sshca_2RfSBcv0nsy71XCHWOegjx1OoKh":  true,
		"sshca_2RfSBcv0nsy71XCHWOegjx1OoK":   false, // 26 characters
		"sshca_2RfSBcv0nsy71XCHWOegjx1OoKhh": false, // 28
		"sshca_2RfSBcv0nsy71XCHWOegjx1Oo-h":  false,
		"rd_2RfSBcv0nsy71XCHWOegjx1OoKh":     false,
		"2RfSBcv0nsy71XCHWOegjx1OoKh":        false,
	} {
		if got := wellFormedID(id, prefixSSHCA); got != want {
			t.Errorf("wellFormedID(%q) = %v, want %v", id, got, want)
		}
	}
}

// encodeBase62 agrees with big-number arithmetic on the extremes and on
// random values, whatever digit grouping it uses.
func TestEncodeBase62MatchesBigInt(t *testing.T) {
	t.Parallel()
	cases := [][ksuidLen]byte{{}, {19: 1}, {0: 0xff, 19: 0xff}}
	var all [ksuidLen]byte
	for i := range all {
		all[i] = 0xff
	}
	cases = append(cases, all)
	for i := range 1000 {
		var raw [ksuidLen]byte
		for j := range raw {
			raw[j] = byte((i*131 + j*197 + i*j*7) % 256)
		}
		cases = append(cases, raw)
	}
	for _, raw := range cases {
		enc := encodeBase62(raw)
		if got := decodeKSUID(t, "x_"+string(enc[:])); got != raw {
			t.Fatalf("encodeBase62(%x) = %s, which decodes to %x", raw, enc, got)
		}
	}
}
