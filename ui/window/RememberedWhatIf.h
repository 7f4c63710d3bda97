// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace slicewatt {

class ProjectSession;

// The GPU, model, BDPM δ, energy model and counts, and the heat's unit are kept from one
// session of the app to the next (QSettings "whatif/…", "view/heatUnit").
//
// On start: the last session's choice; on a first run (or when the last choice no longer
// estimates) this machine's GPU (NVML), else a current data-centre GPU, with the model its
// measurements chose.
void restoreRememberedWhatIf(ProjectSession& session);
void rememberWhatIf(const ProjectSession& session);

} // namespace slicewatt
