"""A second reference: FastAPI's own hello-world, to separate framework cost from the portal's own."""

from fastapi import FastAPI

app = FastAPI()


@app.get("/")
async def hello() -> dict[str, bool]:
    return {"success": True}
