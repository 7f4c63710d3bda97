// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpecialFile.h"

#include <QDir>
#include <QFileInfo>

#include <filesystem>

namespace slicewatt {

bool isSpecialFile(const QString& path)
{
    // Named under the system's own folders: never source, wherever a link leads
    // (/dev/stdin may point at a regular file today and at a terminal tomorrow).
    const QString written = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    for (const char* root : {"/dev/", "/proc/", "/sys/"}) {
        if (written.startsWith(QLatin1String(root)))
            return true;
    }
    std::error_code error;
    const auto status = std::filesystem::status(path.toStdString(), error);
    if (error || !std::filesystem::exists(status))
        return false;
    if (!std::filesystem::is_regular_file(status) && !std::filesystem::is_directory(status))
        return true;
    // Files of the running system look regular but are not source (/proc/self/mem, /sys/…).
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.startsWith(QLatin1String("/proc/")) || canonical.startsWith(QLatin1String("/sys/"));
}

} // namespace slicewatt
