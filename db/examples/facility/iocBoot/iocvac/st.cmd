# The vacuum IOC.
epicsEnvSet("SYS", "$(SITE):vac")
cd "../.."
dbLoadTemplate("db/pumps.substitutions", "SYS=$(SYS)")
dbLoadRecords("db/heartbeat.db", "SITE=$(SITE)")
drvAsynIPPortConfigure("GAUGES", "192.168.1.20:4001")
iocInit()
