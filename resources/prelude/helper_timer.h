// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for the CUDA samples' helper_timer.h (StopWatchInterface, sdk*Timer).
#ifndef __SLICEWATT_HELPER_TIMER_H
#define __SLICEWATT_HELPER_TIMER_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define COMMON_HELPER_TIMER_H_

class StopWatchInterface {
public:
  StopWatchInterface() {}
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual void reset() = 0;
  virtual float getTime() = 0;
  virtual float getAverageTime() = 0;
};

bool sdkCreateTimer(StopWatchInterface **timer_interface);
bool sdkDeleteTimer(StopWatchInterface **timer_interface);
bool sdkStartTimer(StopWatchInterface **timer_interface);
bool sdkStopTimer(StopWatchInterface **timer_interface);
bool sdkResetTimer(StopWatchInterface **timer_interface);
float sdkGetAverageTimerValue(StopWatchInterface **timer_interface);
float sdkGetTimerValue(StopWatchInterface **timer_interface);

#endif
