package mockserver

import (
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"
)

// Reserved TCP addresses (README.md, section Reserved addresses):
// /reserved_addrs, a declared collection (collection.go). The service
// assigns the address (host:port) at creation; a public tcp:// cloud
// endpoint must be on one of them (endpoints.go, ERR_NGROK_18006 [real]).
// Choices of ours where the real API is silent:
//   - region is one of the regions of the reserved domains' region field,
//     default "us"; the host is "1.tcp.ngrok.io" in us and
//     "1.tcp.<region>.ngrok.io" elsewhere [real: the hosts agents show], the
//     port one in 10000..29999 that no address of the account has, drawn
//     from the ID randomness.
//   - addr and region never change [real: the spec's update body has
//     neither]; a PATCH without description and metadata is ERR_NGROK_506
//     [real].
//   - The deprecated endpoint_configuration is not answered [real: the
//     spec has it no more].

// Ports of reserved addresses [ours].
const (
	reservedAddrMinPort = 10000
	reservedAddrPorts   = 20000
	defaultAddrRegion   = "us"
)

type reservedAddr struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Addr        string    `json:"addr"` // host:port
	Region      string    `json:"region"`
}

func (a *reservedAddr) fields() objectFields {
	return objectFields{&a.ID, &a.CreatedAt, &a.Description, &a.Metadata}
}

type reservedAddrWire struct {
	WireHeader
	Addr   string `json:"addr"`
	Region string `json:"region"`
}

type reservedAddrCreate struct {
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	Region      string `json:"region"`
}

type reservedAddrUpdate struct {
	Description *string `json:"description"`
	Metadata    *string `json:"metadata"`
}

var reservedAddrCollection = declare(collectionDecl[reservedAddr, reservedAddrWire, reservedAddrCreate, reservedAddrUpdate]{
	name: collReservedAddrs, noun: "reserved address", prefix: prefixReservedAddr,
	filter: "ngrok.ReservedAddr",
	fields: (*reservedAddr).fields,
	text:   textCodes{errReservedAddrDescription, errReservedAddrMetadata},
	wire: func(a *reservedAddr, origin string) reservedAddrWire {
		return reservedAddrWire{WireHeader: a.fields().header(origin, collReservedAddrs), Addr: a.Addr, Region: a.Region}
	},
	create: func(_ *Server, in *reservedAddrCreate) (reservedAddr, *apiError) {
		if err := checkRegion(in.Region, errReservedAddrRegion); err != nil {
			return reservedAddr{}, err
		}
		region := in.Region
		if region == "" {
			region = defaultAddrRegion
		}
		return reservedAddr{Description: in.Description, Metadata: in.Metadata, Region: region}, nil
	},
	// NOTE: the port is chosen under the store lock, where the addresses in
	// use are known.
	check: assignReservedAddr,
	update: func(_ *Server, in *reservedAddrUpdate, a *reservedAddr) *apiError {
		if in.Description == nil && in.Metadata == nil {
			return errReservedAddrEmptyUpdate.with()
		}
		assign(&a.Description, in.Description)
		assign(&a.Metadata, in.Metadata)
		return nil
	},
	unique:  func(a *reservedAddr) string { return a.Addr },
	removed: releaseReservedAddr,
})

// reservedAddrOfLocked is the ID of the reserved address a tcp URL is on,
// or "". The store lock must be held.
func (s *Server) reservedAddrOfLocked(u endpointURL) string {
	if u.scheme != "tcp" {
		return ""
	}
	id, _ := s.reservedAddrs.idByKeyLocked(u.hostport())
	return id
}

// releaseReservedAddr takes a deleted address off the endpoints on it.
func releaseReservedAddr(s *Server, a *reservedAddr) {
	for id, r := range s.endpoints.rows {
		if r.val.TCPAddrID == a.ID {
			e := r.val
			e.TCPAddrID = ""
			s.endpoints.putLocked(id, e)
		}
	}
}

// reservedAddrHost is the host of the addresses of a region.
func reservedAddrHost(region string) string {
	if region == defaultAddrRegion {
		return "1.tcp.ngrok.io"
	}
	return "1.tcp." + region + ".ngrok.io"
}

// assignReservedAddr gives a new address its host and a free port.
func assignReservedAddr(s *Server, a *reservedAddr) *apiError {
	if a.Addr != "" {
		return nil
	}
	host := reservedAddrHost(a.Region)
	r, err := s.ids.randomString(3)
	if err != nil {
		return internalError("%v", err)
	}
	start := 0
	for i := range len(r) {
		start = start*len(base62) + strings.IndexByte(base62, r[i])
	}
	start %= reservedAddrPorts
	for i := range reservedAddrPorts {
		addr := net.JoinHostPort(host, strconv.Itoa(reservedAddrMinPort+(start+i)%reservedAddrPorts))
		if _, taken := s.reservedAddrs.idByKeyLocked(addr); !taken {
			a.Addr = addr
			return nil
		}
	}
	return internalError("no free port is left for a reserved address in %s", a.Region)
}

// reservedAddrExistsLocked reports whether hostport is a reserved address
// of the account. The store lock must be held.
func (s *Server) reservedAddrExistsLocked(hostport string) bool {
	_, ok := s.reservedAddrs.idByKeyLocked(hostport)
	return ok
}

// ReservedAddrSeed is a TCP address that the account reserved before: the
// hostport of a seeded TCP edge, the address of a tcp:// cloud endpoint. Its
// ID is minted.
type ReservedAddrSeed struct {
	Addr   string `json:"addr"`             // host:port, e.g. "1.tcp.ngrok.io:20000"
	Region string `json:"region,omitempty"` // "" is "us"
}

// SeedReservedAddr reserves the TCP address addr (host:port) as if the
// account had reserved it earlier and been assigned that one, and returns
// its ID: tests and demos that need a tcp:// cloud endpoint on a known
// address seed it. region is the address's region ("" is "us").
func (s *Server) SeedReservedAddr(addr, region string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if n, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || n < 1 || n > 65535 {
		return "", fmt.Errorf("seeding a reserved address: %q is not host:port", addr)
	}
	if aerr := checkRegion(region, errReservedAddrRegion); aerr != nil {
		return "", fmt.Errorf("seeding a reserved address: %s", aerr.msg)
	}
	if region == "" {
		region = defaultAddrRegion
	}
	a := reservedAddr{CreatedAt: s.timestamp(), Addr: net.JoinHostPort(strings.ToLower(host), port), Region: region}
	a, aerr := s.reservedAddrs.insertChecked(func() *apiError {
		if id, taken := s.reservedAddrs.idByKeyLocked(a.Addr); taken {
			return errControlRequest.errorf("the address %s is already reserved (%s)", a.Addr, id)
		}
		return nil
	}, func(id string) reservedAddr {
		a.ID = id
		return a
	})
	if aerr != nil {
		return "", fmt.Errorf("seeding a reserved address: %s", aerr.msg)
	}
	return a.ID, nil
}
