package apiclient

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestMockServiceUserCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	off := false
	u, err := ServiceUsers.Create(ctx, c, &ServiceUserCreate{Name: "ci", Active: &off})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(u.ID, "service_") || u.Active || u.Name != "ci" || u.URI != c.BaseURL()+"/service_users/"+u.ID {
		t.Errorf("created %+v", u)
	}
	on, name := true, "deploy"
	if got, err := ServiceUsers.Update(ctx, c, u.ID, &ServiceUserUpdate{Name: &name, Active: &on}); err != nil || !got.Active || got.Name != name {
		t.Errorf("update = %+v, %v", got, err)
	}
	if _, err := ServiceUsers.Create(ctx, c, &ServiceUserCreate{Name: "deploy"}); errorCode(err) != "ERR_NGROK_4112" {
		t.Errorf("a second user of the name: %v", err)
	}
	if err := ServiceUsers.Delete(ctx, c, u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := ServiceUsers.Get(ctx, c, u.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v", err)
	}
}

// errorCode is the API's error code of err, "" when it has none.
func errorCode(err error) string {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.ErrorCode
	}
	return ""
}
