#pragma once
#include <openssl/evp.h>
#include <openssl/sha.h>
