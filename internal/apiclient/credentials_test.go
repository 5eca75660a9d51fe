package apiclient

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// An ACL is cleared by sending [] (which ngrok's Go client cannot send); a
// PATCH without an ACL leaves it alone; the token is only in the create's
// answer.
func TestMockCredentialACLClear(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	cr, err := Credentials.Create(ctx, c, &CredentialCreate{ACL: []string{"bind:*.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	if cr.Token == nil || *cr.Token == "" || !strings.HasPrefix(cr.ID, "cr_") {
		t.Fatalf("created %+v, want a token", cr)
	}
	desc := "ci"
	u, err := Credentials.Update(ctx, c, cr.ID, &CredentialUpdate{Description: &desc})
	if err != nil || !slices.Equal(u.ACL, []string{"bind:*.example.com"}) || u.Token != nil {
		t.Errorf("update without acl = %+v, %v", u, err)
	}
	u, err = Credentials.Update(ctx, c, cr.ID, &CredentialUpdate{ACL: &[]string{}})
	if err != nil || len(u.ACL) != 0 {
		t.Errorf("update with acl [] = %+v, %v; want the ACL cleared", u, err)
	}
}

// API keys are listed under "keys", across pages; a minted key
// authenticates a client until it is deleted.
func TestMockAPIKeyListAndUse(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 1)
	ctx := context.Background()
	var made []string
	var token string
	for range 3 {
		k, err := APIKeys.Create(ctx, c, &APIKeyCreate{Description: "k"})
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, k.ID)
		token = *k.Token
	}
	var listed []string
	for k, err := range APIKeys.List(ctx, c, nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, k.ID)
	}
	slices.Reverse(listed)
	if !slices.Equal(listed, made) {
		t.Errorf("listed %v, want %v newest first", listed, made)
	}
	minted, err := New(WithBaseURL(c.BaseURL()), WithAPIKey(token), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := APIKeys.Get(ctx, minted, made[2]); err != nil {
		t.Errorf("get with the minted key: %v", err)
	}
	if err := APIKeys.Delete(ctx, c, made[2]); err != nil {
		t.Fatal(err)
	}
	if _, err := APIKeys.Get(ctx, minted, made[0]); err == nil || IsNotFound(err) {
		t.Errorf("get with the deleted key: %v, want it refused", err)
	}
}

// Gets of many API keys are answered from their list, read under "keys".
func TestMockAPIKeyGetsFromList(t *testing.T) {
	t.Parallel()
	c, gets := newMockClient(t, 0)
	ctx := context.Background()
	var ids []string
	for range 5 {
		k, err := APIKeys.Create(ctx, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, k.ID)
	}
	// NOTE: another client, as a later run: the keys this one made are its
	// own writes, which it reads with GET.
	reader, err := New(WithBaseURL(c.BaseURL()), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	gets.Store(0)
	for _, id := range ids {
		k, err := APIKeys.Get(ctx, reader, id)
		if err != nil || k.ID != id || k.Token != nil {
			t.Fatalf("get %s = %+v, %v", id, k, err)
		}
	}
	if n := gets.Load(); n >= int32(len(ids)) {
		t.Errorf("%d GETs for %d keys; want the list to answer most", n, len(ids))
	}
}
