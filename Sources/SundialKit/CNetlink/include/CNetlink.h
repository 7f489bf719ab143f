// rtnetlink for Swift: the constants, structs and macros of <linux/rtnetlink.h> that Glibc does not export.
// Linux only; on other platforms the module is empty.
#ifndef CNETLINK_H
#define CNETLINK_H

#ifdef __linux__
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/eventfd.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/if_arp.h>

static inline uint32_t cnl_align(uint32_t length) { return NLMSG_ALIGN(length); }
static inline uint32_t cnl_rta_align(uint32_t length) { return RTA_ALIGN(length); }
static inline uint32_t cnl_header_length(void) { return NLMSG_HDRLEN; }
static inline uint32_t cnl_rta_header_length(void) { return RTA_LENGTH(0); }

static inline int cnl_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

/// Joins or leaves a multicast group (RTNLGRP_*) on a netlink socket.
static inline int cnl_membership(int fd, int group, int join) {
    return setsockopt(fd, SOL_NETLINK, join ? NETLINK_ADD_MEMBERSHIP : NETLINK_DROP_MEMBERSHIP, &group,
                      sizeof(group));
}
#endif

#endif
