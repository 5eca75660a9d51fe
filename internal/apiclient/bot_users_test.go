package apiclient

import (
	"context"
	"strings"
	"testing"
)

func TestMockBotUserCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	u, err := BotUsers.Create(ctx, c, &ServiceUserCreate{Name: "deploy"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(u.ID, "bot_") || !u.Active || u.URI != c.BaseURL()+"/bot_users/"+u.ID {
		t.Errorf("created %+v", u)
	}
	var listed []string
	for o, err := range BotUsers.List(ctx, c, nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, o.ID)
	}
	if len(listed) != 1 || listed[0] != u.ID {
		t.Errorf("list = %v", listed)
	}
	if err := BotUsers.Delete(ctx, c, u.ID); err != nil {
		t.Fatal(err)
	}
}
