#ifndef DOTS_SECRET_H
#define DOTS_SECRET_H

#include <stddef.h>

/* The Secret Service (GNOME Keyring, KWallet, KeePassXC) through libsecret, which is loaded on first use like
 * libcurl: a machine without it still runs every command that keeps tokens in files. Each item dots-sso keeps is
 * found by one attribute, "entry" (the cache entry's name), in the schema "app.thedots.dots-sso.Tokens".
 *
 * Every call is synchronous and may wait on D-Bus (a locked keyring prompts); the caller bounds it in time. Each
 * returns 0 on success, else -1 with a one-line reason in `error`. */

/* NULL once libsecret is loaded, else why it could not be. */
const char *dots_secret_load(void);

/* Stores `secret` under `entry` in the default collection, replacing what was there. */
int dots_secret_store(const char *entry, const char *label, const char *secret, char *error, size_t error_size);

/* Looks `entry` up: *secret is the value (free it with dots_secret_free), or NULL when there is none. */
int dots_secret_lookup(const char *entry, char **secret, char *error, size_t error_size);

/* Removes `entry`'s item; no item is no error. */
int dots_secret_clear(const char *entry, char *error, size_t error_size);

/* Wipes and frees a value dots_secret_lookup returned. */
void dots_secret_free(char *secret);

#endif
