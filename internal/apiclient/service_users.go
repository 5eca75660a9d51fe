package apiclient

// ServiceUser is a user of the account that is not a person (an automation),
// which may own credentials and API keys. Bot users (BotUsers) are the API's
// older name for them, with the same shape.
type ServiceUser struct {
	ID        string `json:"id"`
	URI       string `json:"uri"`
	CreatedAt string `json:"created_at"`
	Name      string `json:"name"`
	Active    bool   `json:"active"`
}

// ServiceUserCreate is the body of a create; a nil Active is the API's
// default (true).
type ServiceUserCreate struct {
	Name   string `json:"name"`
	Active *bool  `json:"active,omitempty"`
}

// ServiceUserUpdate is the body of an update: nil leaves a field unchanged.
type ServiceUserUpdate struct {
	Name   *string `json:"name,omitempty"`
	Active *bool   `json:"active,omitempty"`
}

// ServiceUsers is the collection of service users.
var ServiceUsers = newCollection[ServiceUser, ServiceUserCreate, ServiceUserUpdate]("service_users", "service user",
	func(o *ServiceUser) string { return o.ID })
