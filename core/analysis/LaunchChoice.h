// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/CodeModel.h"
#include "ir/SymbolicExpr.h"

namespace slicewatt {

// The launch a kernel is analysed for by default (analysis-rules §4): the first launch in
// source order whose block size is fully known, else the first launch; no launch gives an
// empty shape (loops bounded by blockDim then fall back to the default trip count).
LaunchShape defaultLaunchShape(const QVector<LaunchSite>& launches);
// One launch's values: grid, block, template and kernel arguments, dynamic shared bytes.
// What the code computes from host values (LaunchSite::hostValues) is filled in from
// `hostValues` ("FUNCTION:NAME" or "NAME", LaunchShape::hostValues); what they leave open
// is named in LaunchShape::hostValuesOpen.
LaunchShape launchShapeOf(const LaunchSite& launch, const QHash<QString, qint64>& hostValues = {});
// For an assumption about an open grid or block: how the host code computes it and what to
// give ("; computed in host code from launch:n (set --arg launch:n=VALUE)"); empty when
// nothing is open there.
QString hostValuesOpenNote(const LaunchShape& launch);
// That launch itself; null when there is none.
const LaunchSite* defaultLaunch(const QVector<LaunchSite>& launches);

// A launch site's name in what-ifs and outputs: "path:line" of the kernel name at the launch.
QString launchSiteKey(const LaunchSite& launch);
// The launch `key` names: "path:line" as launchSiteKey writes it, or "FILE:LINE" with FILE the
// end of the path (`main.cu:42`, `src/main.cu:42`) as a user types it; null when none does, or
// when the short form fits more than one.
const LaunchSite* launchAt(const QVector<LaunchSite>& launches, const QString& key);

} // namespace slicewatt
