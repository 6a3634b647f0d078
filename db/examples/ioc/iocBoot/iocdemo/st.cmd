#!../../bin/linux-x86_64/demo
#- An example IOC's startup script, in the layout EPICS's makeBaseApp gives an IOC. epicsdb
#- checks it offline, as iocsh would run it: `epicsdb check db/examples/ioc/iocBoot/iocdemo/st.cmd`.

< envPaths

## Register all support components (the standard definitions stand in for demo.dbd here)
demo_registerRecordDeviceDriver pdbbase

## The vacuum controller's serial line (a driver: not run offline, listed)
drvAsynIPPortConfigure("VAC", "192.168.10.20:4001")

## Load record instances
epicsEnvSet("EPICS_DB_INCLUDE_PATH", "$(TOP)/db")
dbLoadTemplate("$(TOP)/db/pumps.substitutions", "P=$(IOC):")
dbLoadRecords("status.db", "P=$(IOC):,NAME=$(IOC)")

cd "${TOP}/iocBoot/${IOC}"
iocInit
