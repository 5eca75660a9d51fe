package mockserver

import (
	"strings"
	"time"
)

// Service users (README.md, section Service and bot users): /service_users,
// a declared collection (collection.go) of users that are not people, which
// own credentials and API keys (their IDs are owner IDs: ownerIDPrefixes).
// Bot users (/bot_users, bot_users.go) are the API's older name for the
// same kind of user, still served [real: ngrok's docs]; the mock keeps them
// in a table of their own, and each path serves the other's users by ID
// (collectionDecl.twin), as one kind of object under two names must:
// ngrok/ngrok v0.8's ngrok_service_user creates bot_ users through
// /bot_users, whose state this provider's ngrok_service_user reads through
// /service_users. Choices of ours where the real API is silent:
//   - A name is required and unique among the collection's users
//     (ERR_NGROK_4109, ERR_NGROK_4112 [real codes]), compared as sent; its
//     limit is 255 bytes (ERR_NGROK_4110 [real code; the limit is ours]).
//   - active defaults to true [real: ngrok's example answers].
//   - Users have no description or metadata [real: the spec's shapes].

// maxUserNameBytes is the longest user name the mock accepts [ours].
const maxUserNameBytes = 255

// serviceUser is a stored service or bot user.
type serviceUser struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"created_at"`
	Name      string    `json:"name"`
	Active    bool      `json:"active"`

	// NOTE: users have neither; the machinery checks and answers them
	// empty, which the answer and the state file leave out.
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
}

func (u *serviceUser) fields() objectFields {
	return objectFields{&u.ID, &u.CreatedAt, &u.Description, &u.Metadata}
}

type serviceUserWire struct {
	WireHeader
	Name   string `json:"name"`
	Active bool   `json:"active"`
}

type serviceUserCreate struct {
	Name   string `json:"name"`
	Active *bool  `json:"active"`
}

type serviceUserUpdate struct {
	Name   *string `json:"name"`
	Active *bool   `json:"active"`
}

var serviceUserCollection = declare(userCollection(collServiceUsers, "service user", prefixServiceUser, "ngrok.ServiceUser"))

// userCollection declares a collection of service users under one of their
// two names.
func userCollection(name, noun, prefix, filter string) collectionDecl[serviceUser, serviceUserWire, serviceUserCreate, serviceUserUpdate] {
	twin := &twinDecl[serviceUser]{prefix: prefixBotUser, table: func(s *Server) *table[serviceUser] { return s.botUsers }}
	if prefix == prefixBotUser {
		twin = &twinDecl[serviceUser]{prefix: prefixServiceUser, table: func(s *Server) *table[serviceUser] { return s.serviceUsers }}
	}
	return collectionDecl[serviceUser, serviceUserWire, serviceUserCreate, serviceUserUpdate]{
		name: name, noun: noun, prefix: prefix, filter: filter, twin: twin,
		fields: (*serviceUser).fields,
		wire: func(u *serviceUser, origin string) serviceUserWire {
			return serviceUserWire{WireHeader: u.fields().header(origin, name), Name: u.Name, Active: u.Active}
		},
		create: func(_ *Server, in *serviceUserCreate) (serviceUser, *apiError) {
			if err := checkUserName(in.Name); err != nil {
				return serviceUser{}, err
			}
			active := true
			assign(&active, in.Active)
			return serviceUser{Name: in.Name, Active: active}, nil
		},
		update: func(_ *Server, in *serviceUserUpdate, u *serviceUser) *apiError {
			if in.Name != nil {
				if err := checkUserName(*in.Name); err != nil {
					return err
				}
			}
			assign(&u.Name, in.Name)
			assign(&u.Active, in.Active)
			return nil
		},
		unique: func(u *serviceUser) string { return u.Name },
		// NOTE: whatever way the user goes (the API, the control API).
		removed: func(s *Server, u *serviceUser) { removeOwnedBy(s, u.ID) },
		// NOTE: the user's own table, which is the twin's for a user of the
		// twin's prefix changed at this path.
		check: func(s *Server, u *serviceUser) *apiError {
			t := s.serviceUsers
			if strings.HasPrefix(u.ID, prefixBotUser) || u.ID == "" && prefix == prefixBotUser {
				t = s.botUsers
			}
			if id, ok := t.idByKeyLocked(u.Name); ok && id != u.ID {
				return errUserNameTaken.with()
			}
			return nil
		},
	}
}

func checkUserName(name string) *apiError {
	switch {
	case name == "":
		return errUserNameMissing.with()
	case len(name) > maxUserNameBytes:
		return errUserNameTooLong.with(len(name), maxUserNameBytes)
	}
	return nil
}
