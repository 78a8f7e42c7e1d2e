/* The text helpers moved to the core (engine/text.h); this name stays for the front ends. */
#ifndef RULEZERO_PROTOCOL_TEXT_H
#define RULEZERO_PROTOCOL_TEXT_H

#include "engine/text.h"

#endif
