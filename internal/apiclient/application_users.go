package apiclient

// ApplicationUser is a visitor who signed in through an endpoint's OAuth or
// OIDC.
type ApplicationUser struct {
	ID               string           `json:"id"`
	URI              string           `json:"uri"`
	IdentityProvider IdentityProvider `json:"identity_provider"`
	ProviderUserID   string           `json:"provider_user_id"`
	Username         string           `json:"username"`
	Email            string           `json:"email"`
	Name             string           `json:"name"`
	CreatedAt        string           `json:"created_at"`
	LastActive       string           `json:"last_active"`
	LastLogin        string           `json:"last_login"`
}

// IdentityProvider names the provider an application user signed in with.
type IdentityProvider struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// ApplicationUsers is the collection of application users.
var ApplicationUsers = newReadOnly("app/users", "application_users", "application user",
	func(o *ApplicationUser) string { return o.ID })

// ApplicationSession is a signed-in visitor's browser session.
type ApplicationSession struct {
	ID              string         `json:"id"`
	URI             string         `json:"uri"`
	PublicURL       string         `json:"public_url"`
	BrowserSession  BrowserSession `json:"browser_session"`
	ApplicationUser *Ref           `json:"application_user"`
	CreatedAt       string         `json:"created_at"`
	LastActive      string         `json:"last_active"`
	ExpiresAt       string         `json:"expires_at"`
	Endpoint        *Ref           `json:"endpoint"`
	Edge            *Ref           `json:"edge"`
	Route           *Ref           `json:"route"`
}

// BrowserSession is where an application session's browser is.
type BrowserSession struct {
	UserAgent struct {
		Raw            string `json:"raw"`
		BrowserName    string `json:"browser_name"`
		BrowserVersion string `json:"browser_version"`
		DeviceType     string `json:"device_type"`
		OSName         string `json:"os_name"`
		OSVersion      string `json:"os_version"`
	} `json:"user_agent"`
	IPAddress string `json:"ip_address"`
	Location  struct {
		CountryCode string `json:"country_code"`
	} `json:"location"`
}

// ApplicationSessions is the collection of application sessions.
var ApplicationSessions = newReadOnly("app/sessions", "application_sessions", "application session",
	func(o *ApplicationSession) string { return o.ID })
