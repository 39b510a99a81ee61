"""Credentials: the secrets that let a person act for a seat or for a table's creator.

A credential is random text from :mod:`secrets` (192 bits, URL-safe, so an invite link can
carry it). A table keeps only its *digest* (SHA-256, hex): a stolen database lets nobody
act, and nothing the library writes (payloads, records, logs, ``repr``) contains a
credential. Credentials are compared by their digests in constant time
(:func:`hmac.compare_digest`).

A fast hash is the right one here: a credential carries 192 random bits, so there is no
dictionary to try it against, unlike a password.

>>> credential = new_credential()
>>> len(credential), matches(credential, digest(credential)), matches("guess", digest(credential))
(32, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

__all__ = ["CREDENTIAL_BITS", "digest", "matches", "new_credential"]

CREDENTIAL_BITS: Final = 192
"""The randomness of each credential, in bits (the issue asks for 128 or more)."""

_MAX_LENGTH: Final = 256
"""Longer text is no credential of ours: it is refused before hashing."""


def new_credential() -> str:
    """A fresh credential: 32 URL-safe characters holding :data:`CREDENTIAL_BITS` random bits."""
    return secrets.token_urlsafe(CREDENTIAL_BITS // 8)


def digest(credential: str) -> str:
    """What a table stores of ``credential``: its SHA-256 digest in hex.

    >>> digest("x" * 32)[:16]
    'c62e4615bd39e222'
    """
    return hashlib.sha256(credential.encode("utf-8", "surrogatepass")).hexdigest()


def matches(credential: object, stored: str) -> bool:
    """Whether ``credential`` is the one whose digest is ``stored``, in constant time.

    Anything that is not a string of at most 256 characters is refused without hashing.

    >>> matches(None, digest("a")), matches("a", digest("a"))
    (False, True)
    """
    if type(credential) is not str or len(credential) > _MAX_LENGTH:
        return False
    return hmac.compare_digest(digest(credential), stored)
