package apiclient

// ReservedAddr is a reserved TCP address (host:port) of the account,
// assigned by the service; a tcp:// cloud endpoint must be on one.
type ReservedAddr struct {
	ID          string `json:"id"`
	URI         string `json:"uri"`
	CreatedAt   string `json:"created_at"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	Addr        string `json:"addr"`
	Region      string `json:"region"`
}

// ReservedAddrCreate is the body of a create; "" Region is the API's
// default.
type ReservedAddrCreate struct {
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	Region      string `json:"region,omitempty"`
}

// ReservedAddrUpdate is the body of an update: nil leaves a field
// unchanged, "" clears it.
type ReservedAddrUpdate struct {
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// ReservedAddrs is the collection of reserved TCP addresses.
var ReservedAddrs = newCollection[ReservedAddr, ReservedAddrCreate, ReservedAddrUpdate]("reserved_addrs", "reserved address",
	func(o *ReservedAddr) string { return o.ID })
