# The cryostat IOC.
epicsEnvSet("SYS", "$(SITE):cryo")
epicsEnvSet("VAC", "$(SITE):vac")
cd "../.."
dbLoadRecords("db/cryo.db", "SYS=$(SITE),VAC=$(VAC)")
dbLoadRecords("db/heartbeat.db", "SITE=$(SITE)")
iocInit()
