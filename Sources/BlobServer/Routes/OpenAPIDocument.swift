/// The OpenAPI 3.1 description served at /api/v1/openapi.json. Tests check
/// that its paths are exactly the router's routes.
enum OpenAPIDocument {
    static let json = #"""
{
 "openapi": "3.1.0",
 "info": {
  "title": "SkillStore",
  "version": "1",
  "description": "Skills as immutable, content-addressed blobs. JSON has snake_case keys, sorted; an absent optional field is omitted. Every error is the Error schema. An unknown path answers 404 NOT_FOUND, a known path with another method 405 METHOD_NOT_ALLOWED with Allow. Every GET route also answers HEAD."
 },
 "paths": {
  "/api/v1/blob/{id}": {
   "parameters": [
    {
     "name": "id",
     "in": "path",
     "required": true,
     "description": "the blob's 16-hex id, its 64-hex SHA-256, or sha256:<64 hex>",
     "schema": {
      "type": "string",
      "pattern": "^([0-9a-fA-F]{16}|[0-9a-fA-F]{64}|[sS][hH][aA]256:[0-9a-fA-F]{64})$"
     }
    },
    {
     "name": "If-None-Match",
     "in": "header",
     "description": "ETags (weak comparison) or *; a match answers 304",
     "schema": {
      "type": "string"
     }
    },
    {
     "name": "Range",
     "in": "header",
     "description": "one byte range (bytes=0-99, bytes=100-, bytes=-100); several ranges, another unit or a malformed range are answered with the whole blob",
     "schema": {
      "type": "string"
     }
    },
    {
     "name": "If-Range",
     "in": "header",
     "description": "the range is served only when this is the blob's ETag; otherwise (a date included) the whole blob",
     "schema": {
      "type": "string"
     }
    }
   ],
   "get": {
    "operationId": "getBlob",
    "summary": "A blob's exact bytes, by id or digest",
    "responses": {
     "200": {
      "$ref": "#/components/responses/Blob"
     },
     "206": {
      "$ref": "#/components/responses/BlobRange"
     },
     "304": {
      "$ref": "#/components/responses/BlobNotModified"
     },
     "400": {
      "$ref": "#/components/responses/DigestInvalid"
     },
     "404": {
      "$ref": "#/components/responses/BlobUnknown"
     },
     "416": {
      "$ref": "#/components/responses/RangeNotSatisfiable"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   },
   "head": {
    "operationId": "headBlob",
    "summary": "The headers GET would send, without the body",
    "responses": {
     "200": {
      "$ref": "#/components/responses/Blob"
     },
     "206": {
      "$ref": "#/components/responses/BlobRange"
     },
     "304": {
      "$ref": "#/components/responses/BlobNotModified"
     },
     "400": {
      "$ref": "#/components/responses/DigestInvalid"
     },
     "404": {
      "$ref": "#/components/responses/BlobUnknown"
     },
     "416": {
      "$ref": "#/components/responses/RangeNotSatisfiable"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills": {
   "get": {
    "operationId": "listSkills",
    "summary": "Every skill with its latest version, by name",
    "responses": {
     "200": {
      "description": "The skills.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/SkillSummary"
         }
        }
       }
      }
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   },
   "post": {
    "operationId": "publish",
    "summary": "Publish a bundle sent as a tar stream",
    "description": "Each top-level folder of the archive is a skill folder (named as its skill) or a pack of skill folders at any depth; each top-level regular file is a lone SKILL.md; hidden names are skipped. All or nothing unless skip_invalid: if any skill is refused, nothing is published. The token's scope must cover every skill.",
    "security": [
     {
      "bearer": []
     }
    ],
    "parameters": [
     {
      "name": "version",
      "in": "query",
      "description": "a version label for every skill of the archive; else each skill's front-matter version or metadata.version",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "skip_invalid",
      "in": "query",
      "description": "true: publish the valid skills and list the refused ones in the answer's refused, instead of refusing all. Takes true, false, 1, 0, yes or no (any case); anything else is 400",
      "schema": {
       "type": "boolean"
      }
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/x-tar": {},
      "application/tar": {}
     }
    },
    "responses": {
     "200": {
      "description": "Every skill was already published with these exact files (status unchanged).",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PublishReport"
        }
       }
      }
     },
     "201": {
      "description": "At least one new version was recorded.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PublishReport"
        }
       }
      }
     },
     "400": {
      "description": "BAD_REQUEST (empty body, invalid version label) or BUNDLE_INVALID (the archive or a skill was refused; diagnostics list why).",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "UNAUTHORIZED: no Authorization header, not Bearer, or an unknown or revoked token.",
      "headers": {
       "WWW-Authenticate": {
        "description": "Bearer realm=\"skillstore\"",
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "FORBIDDEN: a skill is outside the token's scope (diagnostics with code token-scope).",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "409": {
      "description": "BLOB_ID_COLLISION: a file's 16-hex id is taken by different bytes.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "413": {
      "description": "PAYLOAD_TOO_LARGE: the body is over the server's --max-body.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "415": {
      "description": "UNSUPPORTED_MEDIA_TYPE: Content-Type is not application/x-tar or application/tar.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}": {
   "get": {
    "operationId": "getSkill",
    "summary": "A skill's version: the served text form, or JSON",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/version"
     }
    ],
    "responses": {
     "200": {
      "description": "The served text form (a header naming the version and its blob, then the SKILL.md bytes); the version's metadata as JSON when Accept names application/json and not text/plain.",
      "headers": {
       "X-Skill-Version": {
        "description": "the version label (text form only)",
        "schema": {
         "type": "string"
        }
       },
       "X-Skill-Blob": {
        "description": "the SKILL.md blob's 16-hex id (text form only)",
        "schema": {
         "type": "string"
        }
       },
       "Cache-Control": {
        "description": "no-cache (text form only)",
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "text/plain; charset=utf-8": {
        "schema": {
         "type": "string"
        }
       },
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SkillVersion"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/versions": {
   "get": {
    "operationId": "listVersions",
    "summary": "A skill's versions, newest first",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     }
    ],
    "responses": {
     "200": {
      "description": "The versions.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/SkillVersion"
         }
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/versions/{label}": {
   "get": {
    "operationId": "getVersion",
    "summary": "One version of a skill",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/label"
     }
    ],
    "responses": {
     "200": {
      "description": "The version.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SkillVersion"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/versions/{label}/manifest": {
   "get": {
    "operationId": "getManifest",
    "summary": "A version's bundle manifest, its stored bytes",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/label"
     }
    ],
    "responses": {
     "200": {
      "description": "The manifest blob's exact bytes.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/BundleManifest"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/rules": {
   "get": {
    "operationId": "listRules",
    "summary": "A skill's numbered rules with the labels of their claims",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/version"
     }
    ],
    "responses": {
     "200": {
      "description": "The rules.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/RuleEntry"
         }
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/claims": {
   "get": {
    "operationId": "listClaims",
    "summary": "A skill's claims with labels, locations and citations",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/version"
     },
     {
      "name": "label",
      "in": "query",
      "description": "only claims with this label (any case; judgment is read as judgement; empty means any)",
      "schema": {
       "type": "string",
       "enum": [
        "",
        "measured",
        "derived",
        "judgement",
        "unverified",
        "cited",
        "unlabelled"
       ]
      }
     },
     {
      "name": "section",
      "in": "query",
      "description": "text contained (any case) in one of the claim's headings",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "rule",
      "in": "query",
      "description": "a rule id such as R6 (r6 is read as R6)",
      "schema": {
       "type": "string",
       "pattern": "^([Rr][0-9]{1,5})?$"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The claims that pass every filter given.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/ClaimEntry"
         }
        }
       }
      }
     },
     "400": {
      "description": "NAME_INVALID, or BAD_REQUEST for an unknown label or a malformed rule id.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "NOT_FOUND: no such skill or version, or the skill has no such rule.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/links": {
   "get": {
    "operationId": "getLinks",
    "summary": "Outgoing and incoming links of a skill",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/version"
     }
    ],
    "responses": {
     "200": {
      "description": "The links.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/LinkReport"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/provenance": {
   "get": {
    "operationId": "getProvenance",
    "summary": "Claims by label and what backs each, for a skill or one rule",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/version"
     },
     {
      "name": "rule",
      "in": "query",
      "description": "a rule id such as R6 (r6 is read as R6)",
      "schema": {
       "type": "string",
       "pattern": "^([Rr][0-9]{1,5})?$"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The report.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ProvenanceReport"
        }
       }
      }
     },
     "400": {
      "description": "NAME_INVALID, or BAD_REQUEST for a malformed rule id.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "NOT_FOUND: no such skill or version, or the skill has no such rule.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/skills/{name}/check": {
   "get": {
    "operationId": "checkSkill",
    "summary": "Lint a published version against the store",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "$ref": "#/components/parameters/version"
     },
     {
      "name": "strict",
      "in": "query",
      "description": "true: unresolved anchors are errors. Takes true, false, 1, 0, yes or no (any case); anything else is 400",
      "schema": {
       "type": "boolean"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The findings (empty when none); errors as well as warnings answer 200.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/Diagnostic"
         }
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/search": {
   "get": {
    "operationId": "search",
    "summary": "Ranked full-text search over skills, sections, rules, claims and sources",
    "parameters": [
     {
      "name": "q",
      "in": "query",
      "description": "the query (see docs/search.md)",
      "schema": {
       "type": "string",
       "minLength": 1,
       "pattern": "\\S"
      },
      "required": true
     },
     {
      "name": "kind",
      "in": "query",
      "description": "skill, section, rule, claim or source (any case; empty means any kind)",
      "schema": {
       "type": "string",
       "enum": [
        "",
        "skill",
        "section",
        "rule",
        "claim",
        "source"
       ]
      }
     },
     {
      "name": "label",
      "in": "query",
      "description": "only claims with this label (any case; judgment is read as judgement; empty means any); with a kind other than claim it is 400",
      "schema": {
       "type": "string",
       "enum": [
        "",
        "measured",
        "derived",
        "judgement",
        "unverified",
        "cited",
        "unlabelled"
       ]
      }
     },
     {
      "name": "skill",
      "in": "query",
      "description": "a glob over skill names (dough-*); excludes sources",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "limit",
      "in": "query",
      "description": "hits to return",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 1000,
       "default": 10
      }
     },
     {
      "name": "all_versions",
      "in": "query",
      "description": "true: every version of each skill, not only the latest. Takes true, false, 1, 0, yes or no (any case); anything else is 400",
      "schema": {
       "type": "boolean"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "Hits, best first.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/SearchHit"
         }
        }
       }
      }
     },
     "400": {
      "description": "BAD_REQUEST: q missing or blank, unknown kind or label, label with a kind other than claim, limit out of range.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/sources": {
   "get": {
    "operationId": "listSources",
    "summary": "Every stored source, latest version of each, by URL",
    "responses": {
     "200": {
      "description": "The sources.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/StoredSource"
         }
        }
       }
      }
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/openapi.json": {
   "get": {
    "operationId": "getOpenAPI",
    "summary": "This document",
    "responses": {
     "200": {
      "description": "OpenAPI 3.1.0.",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/healthz": {
   "get": {
    "operationId": "health",
    "summary": "Liveness",
    "responses": {
     "200": {
      "description": "The server is up.",
      "headers": {
       "Cache-Control": {
        "description": "no-store",
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Health"
        }
       }
      }
     }
    }
   }
  },
  "/metrics": {
   "get": {
    "operationId": "metrics",
    "summary": "Prometheus metrics",
    "responses": {
     "200": {
      "description": "Prometheus text exposition format.",
      "content": {
       "text/plain; version=0.0.4": {
        "schema": {
         "type": "string"
        }
       }
      }
     }
    }
   }
  },
  "/api/v1/skills/{name}/diff": {
   "get": {
    "operationId": "diffVersions",
    "summary": "What changed at claim level between two versions (as skillctl diff)",
    "parameters": [
     {
      "$ref": "#/components/parameters/name"
     },
     {
      "name": "from",
      "in": "query",
      "required": true,
      "description": "the older version's label",
      "schema": {
       "type": "string",
       "minLength": 1
      }
     },
     {
      "name": "to",
      "in": "query",
      "required": true,
      "description": "the newer version's label",
      "schema": {
       "type": "string",
       "minLength": 1
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The changes, in the order of the newer text.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/GraphChange"
         }
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/NameInvalid"
     },
     "404": {
      "$ref": "#/components/responses/NotFound"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  },
  "/api/v1/versions/{id}": {
   "get": {
    "operationId": "versionsOfBlob",
    "summary": "The versions whose SKILL.md or bundle manifest is this blob, newest first (how skillctl pull ID finds a skill)",
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "description": "16 hex, 64 hex, or sha256:<64 hex>",
      "schema": {
       "type": "string",
       "pattern": "^([0-9a-fA-F]{16}|[0-9a-fA-F]{64}|[sS][hH][aA]256:[0-9a-fA-F]{64})$"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The versions; an empty list when none holds the blob.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/SkillVersion"
         }
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/DigestInvalid"
     },
     "500": {
      "$ref": "#/components/responses/Internal"
     },
     "503": {
      "$ref": "#/components/responses/Busy"
     }
    }
   }
  }
 },
 "components": {
  "parameters": {
   "name": {
    "name": "name",
    "in": "path",
    "required": true,
    "description": "a skill name: 1-64 of a-z, 0-9 and single inner hyphens",
    "schema": {
     "type": "string",
     "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
     "maxLength": 64
    }
   },
   "label": {
    "name": "label",
    "in": "path",
    "required": true,
    "description": "a version label",
    "schema": {
     "type": "string"
    }
   },
   "version": {
    "name": "version",
    "in": "query",
    "description": "a version label; the latest version when absent",
    "schema": {
     "type": "string"
    }
   }
  },
  "headers": {
   "ETag": {
    "description": "\"sha256:<64 hex>\", strong; never changes",
    "schema": {
     "type": "string"
    }
   },
   "Cache-Control": {
    "description": "public, max-age=31536000, immutable",
    "schema": {
     "type": "string"
    }
   },
   "Docker-Content-Digest": {
    "description": "sha256:<64 hex>",
    "schema": {
     "type": "string"
    }
   },
   "Repr-Digest": {
    "description": "sha-256=:<base64 of the 32 digest bytes>:",
    "schema": {
     "type": "string"
    }
   },
   "X-Content-Type-Options": {
    "description": "nosniff",
    "schema": {
     "type": "string"
    }
   },
   "Accept-Ranges": {
    "description": "bytes",
    "schema": {
     "type": "string"
    }
   },
   "Content-Range": {
    "description": "bytes <first>-<last>/<size>",
    "schema": {
     "type": "string"
    }
   }
  },
  "responses": {
   "Blob": {
    "description": "The blob's exact bytes; Content-Type from the file's extension (a manifest is application/json, a source text/markdown, anything unknown application/octet-stream).",
    "headers": {
     "ETag": {
      "$ref": "#/components/headers/ETag"
     },
     "Cache-Control": {
      "$ref": "#/components/headers/Cache-Control"
     },
     "Docker-Content-Digest": {
      "$ref": "#/components/headers/Docker-Content-Digest"
     },
     "Repr-Digest": {
      "$ref": "#/components/headers/Repr-Digest"
     },
     "X-Content-Type-Options": {
      "$ref": "#/components/headers/X-Content-Type-Options"
     },
     "Accept-Ranges": {
      "$ref": "#/components/headers/Accept-Ranges"
     }
    },
    "content": {
     "*/*": {}
    }
   },
   "BlobRange": {
    "description": "One byte range of the blob.",
    "headers": {
     "ETag": {
      "$ref": "#/components/headers/ETag"
     },
     "Cache-Control": {
      "$ref": "#/components/headers/Cache-Control"
     },
     "Docker-Content-Digest": {
      "$ref": "#/components/headers/Docker-Content-Digest"
     },
     "Repr-Digest": {
      "$ref": "#/components/headers/Repr-Digest"
     },
     "X-Content-Type-Options": {
      "$ref": "#/components/headers/X-Content-Type-Options"
     },
     "Accept-Ranges": {
      "$ref": "#/components/headers/Accept-Ranges"
     },
     "Content-Range": {
      "$ref": "#/components/headers/Content-Range"
     }
    },
    "content": {
     "*/*": {}
    }
   },
   "BlobNotModified": {
    "description": "If-None-Match matched; no body.",
    "headers": {
     "ETag": {
      "$ref": "#/components/headers/ETag"
     },
     "Cache-Control": {
      "$ref": "#/components/headers/Cache-Control"
     },
     "Docker-Content-Digest": {
      "$ref": "#/components/headers/Docker-Content-Digest"
     },
     "Repr-Digest": {
      "$ref": "#/components/headers/Repr-Digest"
     },
     "X-Content-Type-Options": {
      "$ref": "#/components/headers/X-Content-Type-Options"
     },
     "Accept-Ranges": {
      "$ref": "#/components/headers/Accept-Ranges"
     }
    }
   },
   "DigestInvalid": {
    "description": "DIGEST_INVALID: the id is not 16 hex, 64 hex or sha256:<64 hex>.",
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   },
   "BlobUnknown": {
    "description": "BLOB_UNKNOWN: no such blob in this store.",
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   },
   "RangeNotSatisfiable": {
    "description": "RANGE_NOT_SATISFIABLE: the range starts past the end of the blob.",
    "headers": {
     "Content-Range": {
      "description": "bytes */<size>",
      "schema": {
       "type": "string"
      }
     }
    },
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   },
   "NameInvalid": {
    "description": "NAME_INVALID: the path's skill name is not a valid name.",
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   },
   "NotFound": {
    "description": "NOT_FOUND: no such skill, or no such version of it.",
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   },
   "Internal": {
    "description": "INTERNAL: an unexpected error.",
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   },
   "Busy": {
    "description": "BUSY: the database is busy; try again.",
    "headers": {
     "Retry-After": {
      "description": "1",
      "schema": {
       "type": "string"
      }
     }
    },
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   }
  },
  "securitySchemes": {
   "bearer": {
    "type": "http",
    "scheme": "bearer",
    "description": "a secret from skillctl token create"
   }
  },
  "schemas": {
   "Error": {
    "type": "object",
    "properties": {
     "error": {
      "type": "object",
      "properties": {
       "code": {
        "type": "string",
        "description": "stable machine-readable code, such as BLOB_UNKNOWN"
       },
       "message": {
        "type": "string"
       },
       "diagnostics": {
        "type": "array",
        "items": {
         "$ref": "#/components/schemas/Diagnostic"
        }
       }
      },
      "required": [
       "code",
       "message"
      ]
     }
    },
    "required": [
     "error"
    ]
   },
   "Diagnostic": {
    "type": "object",
    "properties": {
     "path": {
      "type": "string"
     },
     "location": {
      "$ref": "#/components/schemas/SourceLocation"
     },
     "severity": {
      "type": "string",
      "enum": [
       "error",
       "warning"
      ]
     },
     "message": {
      "type": "string"
     },
     "code": {
      "type": "string",
      "description": "kebab-case kind of problem (yaml, token-scope, ...)"
     }
    },
    "required": [
     "path",
     "severity",
     "message",
     "code"
    ]
   },
   "SourceLocation": {
    "type": "object",
    "description": "1-based",
    "properties": {
     "line": {
      "type": "integer"
     },
     "column": {
      "type": "integer"
     }
    },
    "required": [
     "line",
     "column"
    ]
   },
   "ClaimLabel": {
    "type": "string",
    "enum": [
     "measured",
     "derived",
     "judgement",
     "unverified",
     "cited",
     "unlabelled"
    ]
   },
   "SkillSummary": {
    "type": "object",
    "properties": {
     "name": {
      "type": "string"
     },
     "description": {
      "type": "string"
     },
     "latest_label": {
      "type": "string"
     },
     "id": {
      "type": "string",
      "description": "the latest SKILL.md blob's 16-hex id"
     },
     "manifest": {
      "type": "string",
      "description": "the latest manifest blob's 16-hex id"
     },
     "versions": {
      "type": "integer"
     },
     "published_at": {
      "type": "string",
      "format": "date-time"
     }
    },
    "required": [
     "name",
     "description",
     "latest_label",
     "id",
     "manifest",
     "versions",
     "published_at"
    ]
   },
   "SkillVersion": {
    "type": "object",
    "properties": {
     "name": {
      "type": "string"
     },
     "label": {
      "type": "string"
     },
     "sequence": {
      "type": "integer",
      "description": "publish sequence number across the store"
     },
     "id": {
      "type": "string",
      "description": "the SKILL.md blob's 16-hex id"
     },
     "digest": {
      "type": "string",
      "description": "the SKILL.md blob's 64-hex SHA-256"
     },
     "manifest": {
      "type": "string",
      "description": "the manifest blob's 16-hex id"
     },
     "description": {
      "type": "string"
     },
     "published_at": {
      "type": "string",
      "format": "date-time"
     },
     "published_by": {
      "type": "string",
      "description": "who published: token:<name> over HTTP"
     },
     "files": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/ManifestEntry"
      }
     }
    },
    "required": [
     "name",
     "label",
     "sequence",
     "id",
     "digest",
     "manifest",
     "description",
     "published_at",
     "published_by",
     "files"
    ]
   },
   "ManifestEntry": {
    "type": "object",
    "properties": {
     "path": {
      "type": "string",
      "description": "relative to the skill folder"
     },
     "size": {
      "type": "integer"
     },
     "executable": {
      "type": "boolean"
     },
     "id": {
      "type": "string",
      "description": "16-hex blob id"
     },
     "sha256": {
      "type": "string",
      "description": "64-hex SHA-256"
     }
    },
    "required": [
     "path",
     "size",
     "executable",
     "id",
     "sha256"
    ]
   },
   "BundleManifest": {
    "type": "object",
    "properties": {
     "files": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/ManifestEntry"
      }
     },
     "format": {
      "const": "skillstore.bundle.v1"
     }
    },
    "required": [
     "files",
     "format"
    ]
   },
   "RuleEntry": {
    "type": "object",
    "properties": {
     "id": {
      "type": "string"
     },
     "address": {
      "type": "string",
      "description": "skill#R6"
     },
     "title": {
      "type": "string"
     },
     "line": {
      "type": "integer"
     },
     "column": {
      "type": "integer"
     },
     "labels": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/ClaimLabel"
      }
     }
    },
    "required": [
     "id",
     "address",
     "line",
     "column",
     "labels"
    ]
   },
   "ClaimEntry": {
    "type": "object",
    "properties": {
     "address": {
      "type": "string",
      "description": "skill:line:column"
     },
     "label": {
      "$ref": "#/components/schemas/ClaimLabel"
     },
     "labels": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/ClaimLabel"
      }
     },
     "text": {
      "type": "string"
     },
     "qualifier": {
      "type": "string"
     },
     "unit": {
      "type": "string",
      "enum": [
       "paragraph",
       "list-item",
       "table-row",
       "parenthetical"
      ]
     },
     "line": {
      "type": "integer"
     },
     "column": {
      "type": "integer"
     },
     "section": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "rule": {
      "type": "string"
     },
     "context": {
      "type": "string"
     },
     "citations": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Citation"
      }
     }
    },
    "required": [
     "address",
     "label",
     "labels",
     "text",
     "unit",
     "line",
     "column",
     "section",
     "citations"
    ]
   },
   "Citation": {
    "type": "object",
    "properties": {
     "text": {
      "type": "string"
     },
     "url": {
      "type": "string"
     },
     "target": {
      "type": "string"
     },
     "kind": {
      "type": "string",
      "enum": [
       "bundle",
       "registry",
       "external"
      ]
     },
     "fragment": {
      "type": "string"
     },
     "line": {
      "type": "integer"
     },
     "column": {
      "type": "integer"
     },
     "url_time": {
      "type": "integer"
     },
     "text_times": {
      "type": "array",
      "items": {
       "type": "integer"
      }
     },
     "section": {
      "type": "string",
      "description": "the cited source section's title (provenance only)"
     },
     "section_opening": {
      "type": "string",
      "description": "that section's opening (provenance only)"
     }
    },
    "required": [
     "text",
     "url",
     "target",
     "kind",
     "line",
     "column",
     "text_times"
    ]
   },
   "LinkEntry": {
    "type": "object",
    "properties": {
     "from": {
      "type": "string"
     },
     "to": {
      "type": "string",
      "description": "skill, or skill#R4"
     },
     "kind": {
      "type": "string",
      "enum": [
       "skill",
       "rule"
      ]
     },
     "line": {
      "type": "integer"
     },
     "column": {
      "type": "integer"
     },
     "resolved": {
      "type": "boolean"
     }
    },
    "required": [
     "from",
     "to",
     "kind",
     "line",
     "column",
     "resolved"
    ]
   },
   "LinkReport": {
    "type": "object",
    "properties": {
     "outgoing": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/LinkEntry"
      }
     },
     "incoming": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/LinkEntry"
      }
     }
    },
    "required": [
     "outgoing",
     "incoming"
    ]
   },
   "ProvenanceReport": {
    "type": "object",
    "properties": {
     "skill": {
      "type": "string"
     },
     "version": {
      "type": "string"
     },
     "rule": {
      "type": "string"
     },
     "claims": {
      "type": "integer"
     },
     "by_label": {
      "type": "object",
      "additionalProperties": {
       "type": "integer"
      }
     },
     "unlabelled_share": {
      "type": "number"
     },
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/ClaimEntry"
      }
     }
    },
    "required": [
     "skill",
     "version",
     "claims",
     "by_label",
     "unlabelled_share",
     "items"
    ]
   },
   "SearchHit": {
    "type": "object",
    "properties": {
     "kind": {
      "type": "string",
      "enum": [
       "skill",
       "section",
       "rule",
       "claim",
       "source"
      ]
     },
     "address": {
      "type": "string"
     },
     "skill": {
      "type": "string"
     },
     "version": {
      "type": "string"
     },
     "id": {
      "type": "string"
     },
     "url": {
      "type": "string"
     },
     "label": {
      "$ref": "#/components/schemas/ClaimLabel"
     },
     "line": {
      "type": "integer"
     },
     "rule": {
      "type": "string"
     },
     "section": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "snippet": {
      "type": "array",
      "items": {
       "type": "object",
       "properties": {
        "text": {
         "type": "string"
        },
        "matched": {
         "type": "boolean"
        }
       },
       "required": [
        "text",
        "matched"
       ]
      }
     },
     "score": {
      "type": "number",
      "description": "bm25; higher is better"
     }
    },
    "required": [
     "kind",
     "address",
     "id",
     "section",
     "snippet",
     "score"
    ]
   },
   "StoredSource": {
    "type": "object",
    "properties": {
     "url": {
      "type": "string"
     },
     "sequence": {
      "type": "integer"
     },
     "id": {
      "type": "string"
     },
     "published_at": {
      "type": "string",
      "format": "date-time"
     },
     "sections": {
      "type": "array",
      "items": {
       "type": "object",
       "properties": {
        "title": {
         "type": "string"
        },
        "line": {
         "type": "integer"
        },
        "text": {
         "type": "string"
        }
       },
       "required": [
        "title",
        "line",
        "text"
       ]
      }
     }
    },
    "required": [
     "url",
     "sequence",
     "id",
     "published_at",
     "sections"
    ]
   },
   "PublishResult": {
    "type": "object",
    "properties": {
     "name": {
      "type": "string"
     },
     "label": {
      "type": "string"
     },
     "id": {
      "type": "string"
     },
     "manifest": {
      "type": "string"
     },
     "sequence": {
      "type": "integer"
     },
     "status": {
      "type": "string",
      "enum": [
       "new",
       "unchanged"
      ]
     },
     "path": {
      "type": "string",
      "description": "the skill's path in the archive"
     }
    },
    "required": [
     "name",
     "label",
     "id",
     "manifest",
     "sequence",
     "status",
     "path"
    ]
   },
   "PublishReport": {
    "type": "object",
    "properties": {
     "published": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/PublishResult"
      }
     },
     "refused": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Diagnostic"
      }
     }
    },
    "required": [
     "published",
     "refused"
    ]
   },
   "Health": {
    "type": "object",
    "properties": {
     "status": {
      "const": "ok"
     }
    },
    "required": [
     "status"
    ]
   },
   "GraphChange": {
    "type": "object",
    "required": [
     "kind",
     "line",
     "subject"
    ],
    "properties": {
     "kind": {
      "type": "string",
      "enum": [
       "claim-added",
       "claim-removed",
       "claim-changed",
       "claim-relabelled",
       "citation-added",
       "citation-removed",
       "rule-added",
       "rule-removed",
       "rule-retitled"
      ]
     },
     "line": {
      "type": "integer",
      "description": "the line in the newer version (the older one for a removal)"
     },
     "subject": {
      "type": "string"
     },
     "detail": {
      "type": "string"
     }
    }
   }
  }
 }
}
"""#
}
