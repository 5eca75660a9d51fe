package mockserver

import "time"

// Application users and sessions (README.md, section Application users and
// sessions): /app/users and /app/sessions, read-only collections
// (read_only.go) without list filters [real: the spec takes none], which the
// API lists, reads and deletes. A visitor who signs in through an
// endpoint's OAuth or OIDC becomes an application user with a session;
// seeds make them (seed_agents.go). Deleting a user deletes its sessions
// [ours: the documentation says nothing of it; a session names its user].

type applicationUser struct {
	ID                  string    `json:"id"`
	IdentityProvider    string    `json:"identity_provider_name"`
	IdentityProviderURL string    `json:"identity_provider_url"`
	ProviderUserID      string    `json:"provider_user_id"`
	Username            string    `json:"username,omitempty"`
	Email               string    `json:"email,omitempty"`
	Name                string    `json:"name,omitempty"`
	CreatedAt           time.Time `json:"created_at"`
	LastActive          time.Time `json:"last_active"`
	LastLogin           time.Time `json:"last_login"`
}

type identityProviderWire struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

type applicationUserWire struct {
	ID               string               `json:"id"`
	URI              string               `json:"uri"`
	IdentityProvider identityProviderWire `json:"identity_provider"`
	ProviderUserID   string               `json:"provider_user_id"`
	Username         string               `json:"username"`
	Email            string               `json:"email"`
	Name             string               `json:"name"`
	CreatedAt        apiTime              `json:"created_at"`
	LastActive       apiTime              `json:"last_active"`
	LastLogin        apiTime              `json:"last_login"`
}

var applicationUserCollection = declareReadOnly(readOnlyDecl[applicationUser, applicationUserWire]{
	name: tableApplicationUsers, path: "/" + collApplicationUsers, noun: "application user", prefix: prefixApplicationUser,
	deletable: true,
	wire: func(v *applicationUser, origin string) applicationUserWire {
		return applicationUserWire{
			ID:               v.ID,
			URI:              objectURI(origin, collApplicationUsers, v.ID),
			IdentityProvider: identityProviderWire{Name: v.IdentityProvider, URL: v.IdentityProviderURL},
			ProviderUserID:   v.ProviderUserID,
			Username:         v.Username,
			Email:            v.Email,
			Name:             v.Name,
			CreatedAt:        wireTime(v.CreatedAt),
			LastActive:       wireTime(v.LastActive),
			LastLogin:        wireTime(v.LastLogin),
		}
	},
	removed: func(s *Server, v *applicationUser) {
		for _, id := range rowIDs(s.appSessions, func(a *applicationSession) bool { return a.ApplicationUserID == v.ID }) {
			s.appSessions.removeLocked(id)
		}
	},
})

type applicationSession struct {
	ID                string    `json:"id"`
	PublicURL         string    `json:"public_url"`
	UserAgent         string    `json:"user_agent,omitempty"`
	IPAddress         string    `json:"ip_address"`
	CountryCode       string    `json:"country_code,omitempty"`
	ApplicationUserID string    `json:"application_user_id"`
	CreatedAt         time.Time `json:"created_at"`
	LastActive        time.Time `json:"last_active"`
	ExpiresAt         time.Time `json:"expires_at"`
	EndpointID        string    `json:"endpoint_id,omitempty"`
}

type userAgentWire struct {
	Raw            string `json:"raw"`
	BrowserName    string `json:"browser_name"`
	BrowserVersion string `json:"browser_version"`
	DeviceType     string `json:"device_type"`
	OSName         string `json:"os_name"`
	OSVersion      string `json:"os_version"`
}

type locationWire struct {
	CountryCode string `json:"country_code,omitempty"`
}

type browserSessionWire struct {
	UserAgent userAgentWire `json:"user_agent"`
	IPAddress string        `json:"ip_address"`
	Location  locationWire  `json:"location"`
}

type applicationSessionWire struct {
	ID              string             `json:"id"`
	URI             string             `json:"uri"`
	PublicURL       string             `json:"public_url"`
	BrowserSession  browserSessionWire `json:"browser_session"`
	ApplicationUser refWire            `json:"application_user"`
	CreatedAt       apiTime            `json:"created_at"`
	LastActive      apiTime            `json:"last_active"`
	ExpiresAt       apiTime            `json:"expires_at"`
	Endpoint        *refWire           `json:"endpoint,omitempty"`
}

var applicationSessionCollection = declareReadOnly(readOnlyDecl[applicationSession, applicationSessionWire]{
	name: tableApplicationSessions, path: "/" + collApplicationSessions, noun: "application session",
	prefix: prefixApplicationSession, deletable: true,
	wire: func(v *applicationSession, origin string) applicationSessionWire {
		return applicationSessionWire{
			ID:        v.ID,
			URI:       objectURI(origin, collApplicationSessions, v.ID),
			PublicURL: v.PublicURL,
			BrowserSession: browserSessionWire{
				// NOTE: the raw header only; the parsed parts are left empty
				// [ours: the mock parses no user agents].
				UserAgent: userAgentWire{Raw: v.UserAgent},
				IPAddress: v.IPAddress,
				Location:  locationWire{CountryCode: v.CountryCode},
			},
			ApplicationUser: refWire{ID: v.ApplicationUserID, URI: objectURI(origin, collApplicationUsers, v.ApplicationUserID)},
			CreatedAt:       wireTime(v.CreatedAt),
			LastActive:      wireTime(v.LastActive),
			ExpiresAt:       wireTime(v.ExpiresAt),
			Endpoint:        optionalRef(origin, collEndpoints, v.EndpointID),
		}
	},
})
